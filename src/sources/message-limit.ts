/**
 * The largest single message mcpfusion reads from a live server: one stdout line (stdio), one
 * JSON body or one server-sent event (HTTP). A server that sends more (one endless line, a body
 * that never ends) fails the source at once instead of filling memory until the process dies.
 *
 * @module
 */

/** 64 MiB: far above any real listing page, far below what a Node string or the heap can hold. */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** The limit as the messages say it. */
export const MAX_MESSAGE_TEXT = '64 MiB';
