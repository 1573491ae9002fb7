/**
 * The shape of a Python capability row: a {@link CapabilityPattern} (id, family, title, sources,
 * members, access, raw, also) without the JavaScript-only argument checks, plus where a call's
 * open mode is (`open(p, 'w')`, `Path.open('a')`, `os.open(p, os.O_WRONLY)`) and which public
 * names a star import binds for rows that match every member of a module. Sources are dotted
 * module names, `builtins`, or `pathlib.Path` for values known to be paths.
 *
 * @module
 */
import type { CapabilityPattern } from '../types.ts';

/** Where a call decides between a read and a write. */
export interface PythonModeArgument {
  /** Positional index of the argument. */
  index: number;
  /** Keyword name of the same argument. */
  keyword: string;
  /**
   * `mode`: a mode string (`'w'`, `'rb'`, `'a+'`, `'w:gz'`); `flags`: `os.O_*` constants;
   * `switch`: a flag that writes when true (`fileinput.input(f, inplace=True)`); `dbm-flag`: a
   * dbm or shelve flag (`'r'` reads; `'w'`, `'c'`, `'n'` and the default `'c'` write).
   */
  kind: 'mode' | 'flags' | 'switch' | 'dbm-flag';
}

/** An argument a call must name for its row to count (`yaml.load(s, Loader=yaml.Loader)`). */
export interface PythonRequiredArgument {
  /** Positional index of the argument. */
  index: number;
  /** Keyword name of the same argument. */
  keyword: string;
  /** Dotted names the argument must be (`yaml.Loader`, also when imported: `from yaml import Loader`). */
  names?: readonly string[];
  /**
   * URL schemes the argument must start with, as a string literal or constant: the part before
   * `:` and before a `+driver` suffix (`'postgresql+psycopg://…'` is `postgresql`).
   */
  schemes?: readonly string[];
  /** The argument only has to be given, and not as `None` (`logging.basicConfig(filename=p)`). */
  present?: true;
  /**
   * The argument is given and is not the literal `False`, `None` or `0` (a flag: `use_readability=True`,
   * also a name or an expression, whose value is not seen); `**kwargs` that may hold it counts too.
   */
  notFalse?: true;
  /** With `notFalse`: the argument's default is on, so a call without it counts too (`SEMEION(root)` downloads). */
  absentOn?: true;
  /**
   * The argument's default fetches (`weights='imagenet'`): the call counts when the argument is
   * absent, not a literal, or one of these string literals; the literal `None` or `False`, or
   * another string literal (a file of one's own), does not.
   */
  downloads?: readonly string[];
  /**
   * The argument is given, is not the literal `None`, and is not one of these string literals
   * (`mcp.run(transport="sse")`, `run(transport=args.transport)`, also `**kwargs` that may hold
   * it; absent, the default is one of them: `mcp.run()` serves over stdio).
   */
  notStrings?: readonly string[];
  /**
   * A call with more positional arguments than this is another class's method of that name (a
   * value annotated `Server | MCPServer` may be the SDK's low-level server, whose `run(read, write,
   * options)` takes three): no capability.
   */
  maxPositional?: number;
}

/** One Python capability row. */
export type PythonPattern = Omit<CapabilityPattern, 'accessFromArgs' | 'requiresStringArgument' | 'literalOption' | 'urlCompanion' | 'remoteWhenUrl' | 'localOption' | 'returns'> & {
  /** Decide the access from this argument of the call (a non-literal counts as a write). */
  mode?: PythonModeArgument;
  /** Count a call only when this argument names one of its names; a reference that is not such a call is no capability. */
  requires?: PythonRequiredArgument;
  /**
   * A companion row added only when a called argument names one of its names (`numpy.load` reads
   * a file; with `allow_pickle=True` it is also `code-evaluation.python-numpy-pickle`).
   */
  alsoWhen?: { id: string; requires: PythonRequiredArgument };
  /**
   * A database URL argument (`create_engine(url)`): a URL given as a literal, or starting with one
   * (`f"sqlite:///{path}"`), whose scheme (before `+driver`) is one of `fileSchemes` reports
   * `fileRow` instead (nothing for an in-memory database: `sqlite://`, `sqlite:///:memory:`);
   * any other URL, also one computed at run time (`os.environ["DATABASE_URL"]`), reports this row.
   * A reference not called, and a call without the argument, report nothing.
   */
  databaseUrl?: { index: number; keyword: string; fileSchemes: readonly string[]; fileRow: string };
  /**
   * A keyword argument that, given as the literal `True`, keeps the call off the network
   * (`AutoModel.from_pretrained(p, local_files_only=True)` reads only the local cache or folder):
   * such a call is no capability. A name, an expression or `**kwargs` still counts.
   */
  offlineKeyword?: string;
  /**
   * A path argument that, built from `__file__` (`os.path.dirname(__file__)`, `Path(__file__).parent`,
   * also through a name bound to such a value), names the package's own files: such a call is no
   * capability (`sys.path.insert(0, HERE)` to import a sibling module). Any other path counts.
   */
  ownPath?: { index: number; keyword: string };
  /**
   * The call counts only when what it returns is called too: `CFUNCTYPE(None)(addr)`, or a name
   * bound to it (`proto = CFUNCTYPE(c_int)`) called elsewhere in the file. A prototype only
   * declared, or applied as a decorator to a Python function (a callback), is no native code.
   */
  resultCalled?: true;
  /**
   * The call makes a pointer from its first argument and counts only when that argument is no
   * string or bytes literal, no `.encode(…)`, `bytes(…)`, `str(…)` or `None` (an address, not the
   * text to point at) and the `.value` of what it returns is read: right away
   * (`c_char_p(addr).value`), or through the plain name a statement binds it to (`p =
   * c_wchar_p(addr)`, then `p.value`). `c_char_p(b"abc")` passed to a C function reads nothing.
   */
  addressRead?: true;
  /** The members are constants, not classes: a reference counts wherever it is read (`prot=mmap.PROT_EXEC`). */
  constant?: true;
  /** Rows without members: the public names `from <source> import *` binds as capabilities. */
  star?: readonly string[];
  /**
   * A row for the module object itself, handed on whole as a value (passed to a call, stored in
   * an attribute or a container, returned): its sources are modules whose other rows match single
   * members, so a bare use of the module matches none of them. Kept out of the member lookup.
   */
  moduleObject?: true;
  /**
   * A further row of an id an earlier row names (its own sources, members or argument check, as
   * `network.python-data-download` for the data sets and models an argument downloads): the first
   * row of the id is the rule (its title); this one only matches.
   */
  variant?: true;
};
