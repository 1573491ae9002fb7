/**
 * Benchmark: hiding the secrets a source was given in the messages that quote the server
 * (`hideValues`, under `messageRedactor` and the stderr tails). A message may be long (a server's
 * error with a whole tools/list or page quoted, up to the 64 MiB a line may hold) and the secrets
 * many (an environment with hundreds of token-like values, every header and query value). Hiding
 * them one after the other (a split per value) took the number of secrets times the text's length:
 * N secrets over an N-line message grew with the square of N. One pass with the values in
 * an automaton grows with the text and the secrets' total length (the automaton is built in each
 * timed run here).
 *
 * @module
 */
import { commandLineSecrets, hideValues } from '../../src/sources/redact-command.ts';
import { reportGrowth, type GrowthCase } from './_growth.ts';

const secret = (i: number): string => `tok-${i.toString(36).padStart(6, '0')}-Zq9`;
const secrets = (n: number): string[] => Array.from({ length: n }, (_, i) => secret(i));
/** A message of n lines, every 50th repeating a secret. */
const message = (n: number, count: number): string =>
  Array.from({ length: n }, (_, i) => (i % 50 === 0 ? `line ${i}: refused ${secret(i % count)} for /mcp` : `line ${i}: nothing to see in this line of the log`)).join('\n');
const hidden = (text: string): number => text.split('***').length - 1;

const CASES: GrowthCase[] = [
  {
    name: 'n secrets over an n-line message',
    n: 4000,
    run: (n) => {
      const values = secrets(n);
      const text = message(n, n);
      return () => hidden(hideValues(text, [...values]));
    },
  },
  {
    name: '200 secrets over an n-line message',
    n: 20000,
    run: (n) => {
      const values = secrets(200);
      const text = message(n, 200);
      return () => hidden(hideValues(text, [...values]));
    },
  },
  {
    name: 'n secrets sharing their first 8 characters',
    n: 4000,
    run: (n) => {
      const values = Array.from({ length: n }, (_, i) => `sk-live-${i}-end`);
      const text = Array.from({ length: 200 }, (_, i) => `sk-live-x refused, sk-live-${i}-end`).join('\n');
      return () => hidden(hideValues(text, [...values]));
    },
  },
  {
    // review14: the `scheme://user:password@` pattern was tried from every letter of an argument
    // and ran on to its end each time (a 16 KB argument of letters and digits: 1.2 s).
    name: 'the secrets of a command line with one n-character argument of letters and digits',
    n: 64000,
    run: (n) => {
      const line = `node server.js --name ${'x7Gk29Lm'.repeat(n / 8)}`;
      return () => commandLineSecrets(line).length;
    },
  },
];

reportGrowth('redact-worst-case.bench', CASES, 'hidden');
