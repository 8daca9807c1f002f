/**
 * Environment variables that make a program run code it was not asked to: a shell's start-up file
 * (BASH_ENV, ENV), exported shell functions and options, the dynamic loader's preloads and search
 * paths, and interpreters' start-up hooks. An agent's environment is data: correx passes it to
 * replayed commands only inside a sandbox, never to a process of its own on the machine.
 */
const NAMES = new Set([
  "BASH_ENV",
  "ENV",
  "SHELLOPTS",
  "BASHOPTS",
  "PS4",
  "PROMPT_COMMAND",
  "GCONV_PATH",
  "NODE_OPTIONS",
  "NODE_PATH",
  "PYTHONSTARTUP",
  "PYTHONPATH",
  "PYTHONHOME",
  "PERL5OPT",
  "PERL5LIB",
  "PERLLIB",
  "RUBYOPT",
  "RUBYLIB",
  "GIT_CONFIG_PARAMETERS",
]);

/** The names in `env` that make programs run code (sorted): LD_* and BASH_FUNC_* by prefix, the rest by name. */
export function codeRunningVariables(env: Readonly<Record<string, string>>): string[] {
  return Object.keys(env)
    .filter((name) => NAMES.has(name) || name.startsWith("LD_") || name.startsWith("BASH_FUNC_"))
    .sort();
}
