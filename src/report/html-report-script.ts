/**
 * The index page's script, inlined: filters (outcome, tag, profile, protocol, search, matrix
 * cell) kept in the URL hash so they survive navigation and work from file:// without a
 * server; the matrix recounted for the filtered cases; j/n and k/p between failing cases,
 * Enter or o to open, / to search.
 */
export const htmlReportIndexScript = `(() => {
  const statuses = ["pass", "fail", "xfail", "unsupported", "crash", "timeout"];
  const severity = ["crash", "timeout", "fail", "xfail", "unsupported", "pass"];
  const failing = new Set(["fail", "crash", "timeout"]);
  const form = document.getElementById("filters");
  const rows = Array.from(document.querySelectorAll("#cases tbody tr"));
  const cells = Array.from(document.querySelectorAll("table.matrix td.cell"));
  const shown = document.getElementById("shown");
  const cellNote = document.getElementById("cell-filter");
  const fields = ["status", "tag", "profile", "protocol", "q"];
  let selected = -1;
  const state = () => new URLSearchParams(location.hash.slice(1));
  const protocolsOf = (row) => (row.dataset.protocols ? row.dataset.protocols.split(" ") : ["-"]);
  function matches(row, s) {
    const status = s.get("status");
    if (status && (status === "failing" ? !failing.has(row.dataset.status) : row.dataset.status !== status)) return false;
    const tag = s.get("tag");
    if (tag && !row.dataset.tags.split(" ").includes(tag)) return false;
    const profile = s.get("profile");
    if (profile && row.dataset.profile !== profile) return false;
    const protocol = s.get("protocol");
    if (protocol && !protocolsOf(row).includes(protocol)) return false;
    const q = (s.get("q") || "").trim().toLowerCase();
    if (q && !row.dataset.text.includes(q)) return false;
    return true;
  }
  function inCell(row, s) {
    if (!s.get("area")) return true;
    return row.dataset.profile === s.get("cprofile") && row.dataset.area === s.get("area") && protocolsOf(row).includes(s.get("cprotocol"));
  }
  function apply() {
    const s = state();
    for (const name of fields) if (form.elements[name] && document.activeElement !== form.elements[name]) form.elements[name].value = s.get(name) || "";
    const counts = new Map();
    let visible = 0;
    for (const row of rows) {
      const ok = matches(row, s);
      if (ok) for (const protocol of protocolsOf(row)) {
        const key = row.dataset.profile + "\\t" + row.dataset.area + "\\t" + protocol;
        const count = counts.get(key) || {};
        count[row.dataset.status] = (count[row.dataset.status] || 0) + 1;
        counts.set(key, count);
      }
      row.hidden = !(ok && inCell(row, s));
      if (!row.hidden) visible++;
    }
    for (const cell of cells) {
      const count = counts.get(cell.dataset.profile + "\\t" + cell.dataset.area + "\\t" + cell.dataset.protocol) || {};
      const link = cell.querySelector("a");
      const worst = severity.find((status) => count[status]);
      cell.className = "cell " + (worst ? "worst-" + worst : "empty");
      link.innerHTML = statuses.filter((status) => count[status]).map((status) => '<span class="count ' + status + '" data-status="' + status + '" data-label="' + status + '">' + count[status] + "</span>").join("");
    }
    const protocol = s.get("protocol");
    for (const element of document.querySelectorAll("table.matrix [data-protocol]")) element.hidden = Boolean(protocol) && element.dataset.protocol !== protocol;
    cellNote.textContent = s.get("area") ? "cell: " + s.get("cprofile") + " / " + s.get("area") + " / " + (s.get("cprotocol") === "-" ? "no protocol" : s.get("cprotocol")) + " ✕" : "";
    shown.textContent = visible + " of " + rows.length + " cases";
    if (selected >= 0 && rows[selected].hidden) select(-1);
  }
  function update(changes) {
    const s = state();
    for (const [name, value] of Object.entries(changes)) value ? s.set(name, value) : s.delete(name);
    history.replaceState(null, "", "#" + s.toString());
    apply();
  }
  form.addEventListener("input", (event) => update({ [event.target.name]: event.target.value }));
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("reset", (event) => { event.preventDefault(); location.hash = ""; });
  cellNote.addEventListener("click", () => update({ cprofile: "", area: "", cprotocol: "" }));
  window.addEventListener("hashchange", apply);
  function select(index) {
    if (selected >= 0) rows[selected].classList.remove("selected");
    selected = index;
    if (index >= 0) {
      rows[index].classList.add("selected");
      rows[index].scrollIntoView({ block: "nearest" });
      rows[index].querySelector("a").focus({ preventScroll: true });
    }
  }
  function step(direction) {
    for (let index = selected + direction, n = 0; n < rows.length; index += direction, n++) {
      const wrapped = (index + rows.length) % rows.length;
      if (!rows[wrapped].hidden && failing.has(rows[wrapped].dataset.status)) return select(wrapped);
    }
  }
  document.addEventListener("keydown", (event) => {
    if (event.metaKey || event.ctrlKey || event.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName)) return;
    if (event.key === "j" || event.key === "n") step(1);
    else if (event.key === "k" || event.key === "p") step(-1);
    else if ((event.key === "o" || event.key === "Enter") && selected >= 0) location.href = rows[selected].querySelector("a").href;
    else if (event.key === "/") { event.preventDefault(); form.elements.q.focus(); }
    else return;
    event.preventDefault();
  });
  apply();
})();`;

/** A case page's script: j/n and k/p to the next or previous failing case, u back to the matrix. */
export const htmlReportCaseScript = `(() => {
  // The first differing byte of each side in view: its pre scrolled (both ways) to centre the mark.
  for (const pre of document.querySelectorAll("pre[data-side]")) {
    const mark = pre.querySelector("mark.d");
    if (!mark) continue;
    pre.scrollLeft = Math.max(0, mark.offsetLeft - pre.clientWidth / 2);
    pre.scrollTop = Math.max(0, mark.offsetTop - pre.clientHeight / 2);
  }
  document.addEventListener("keydown", (event) => {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    const id = { j: "next-failure", n: "next-failure", k: "prev-failure", p: "prev-failure", u: "to-index" }[event.key];
    const link = id && document.getElementById(id);
    if (link && link.getAttribute("href")) { event.preventDefault(); location.href = link.href; }
  });
})();`;
