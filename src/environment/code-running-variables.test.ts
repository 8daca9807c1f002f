import { describe, expect, it } from "vitest";
import { codeRunningVariables } from "./code-running-variables.js";

describe("codeRunningVariables", () => {
  it("names the variables that make programs run code, by name and by prefix, sorted", () => {
    const env = { PATH: "/bin", HOME: "/root", BASH_ENV: "/x", LD_PRELOAD: "/y.so", LD_LIBRARY_PATH: "/z", "BASH_FUNC_ls%%": "() { :; }", NODE_OPTIONS: "--require /x", LANG: "C" };
    expect(codeRunningVariables(env)).toEqual(["BASH_ENV", "BASH_FUNC_ls%%", "LD_LIBRARY_PATH", "LD_PRELOAD", "NODE_OPTIONS"]);
    expect(codeRunningVariables({ PATH: "/bin", TERM: "dumb" })).toEqual([]);
  });
});
