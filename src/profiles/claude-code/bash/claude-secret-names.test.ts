import { describe, expect, it } from "vitest";
import { namesSecretsFile } from "./claude-secret-names.js";

/**
 * Expected values from docs/spec/claude-code-2.1.332.md §5.4 (bundle `lzi` and its list, read from
 * the 2.1.332 binary); the names marked "probed" were run against the binary on 2026-12-06
 * (fixtures/scenarios/claude-bash-changed-secret-names.yaml, 38/38).
 */
describe("claude-code: the names that mark a file holding secrets (§5.4)", () => {
  it("takes .env names but their templates (probed)", () => {
    for (const name of [".env", ".env.local", "prod.env", "b.env", ".env.local.example", "x.env."]) expect(namesSecretsFile(`/w/${name}`), name).toBe(true);
    for (const name of [".env.example", ".env.sample", ".env.template", ".env.dist", "sample.env", "config.example.env", "env.local"]) expect(namesSecretsFile(`/w/${name}`), name).toBe(false);
  });

  it("takes keys, keystores, SSH key files and secrets documents, in any case (probed)", () => {
    for (const name of [
      "Server.PEM",
      "tls.key",
      "cert.p12",
      "cert.pfx",
      "app.keystore",
      "store.jks",
      "id_ed25519",
      "id_rsa",
      "deploy_ecdsa_sk",
      "id_ed25519_sk_rk_work",
      "secrets.yaml",
      "secret.yml",
      "app-secret.json",
      "secrets.toml",
    ])
      expect(namesSecretsFile(`/w/${name}`), name).toBe(true);
    for (const name of ["api-key.txt", "id_rsa.pub", "tokens.txt", "secret.txt", "keys", "pem", "secrets.yaml.bak"]) expect(namesSecretsFile(`/w/${name}`), name).toBe(false);
  });

  it("folds the long s and dotless i, drops zero-width marks, and reads a name with a colon with and without its colon parts (probed: the first three)", () => {
    expect(namesSecretsFile("/w/\u017fecrets.toml")).toBe(true);
    expect(namesSecretsFile("/w/a.env:bak")).toBe(true);
    expect(namesSecretsFile("/w/notes:x.pem")).toBe(true);
    expect(namesSecretsFile("/w/\u0131d_rsa")).toBe(true);
    expect(namesSecretsFile("/w/se\u200dcrets.json")).toBe(true);
    expect(namesSecretsFile("/w/se\u200bcrets.json")).toBe(false); // U+200B is not among the marks dropped
    expect(namesSecretsFile("/w/plain:notes")).toBe(false);
  });

  it("decides by the last segment only", () => {
    expect(namesSecretsFile("/w/.env/notes.txt")).toBe(false);
    expect(namesSecretsFile("/w/keys/server.pem")).toBe(true);
    expect(namesSecretsFile("/w/config/feature.env")).toBe(true);
  });
});
