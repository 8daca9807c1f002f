/** The report's stylesheet, inlined into every page (no network, works from file://). */
export const htmlReportStyle = `
:root{--pass:#1b5e20;--pass-bg:#e3f3e4;--fail:#b71c1c;--fail-bg:#fde4e4;--xfail:#7a5c00;--xfail-bg:#fff4cc;--unsupported:#555;--unsupported-bg:#ececec;--crash:#5b1a8a;--crash-bg:#efe1f7;--timeout:#a84300;--timeout-bg:#ffe9d6;--line:#d0d4d9;--muted:#5f6770}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:1rem 1.5rem;color:#1d2125;background:#fff}
h1{font-size:1.35rem;margin:.2rem 0 .6rem}h2{font-size:1.1rem;margin:1.4rem 0 .5rem;border-bottom:1px solid var(--line);padding-bottom:.2rem}h3{font-size:.95rem;margin:.8rem 0 .3rem}h4{margin:0 0 .3rem;font-size:.85rem;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
a{color:#0b57d0}code,pre{font:12.5px/1.45 ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace}
pre[data-side]{position:relative}ol.failures{padding-left:1.2rem}li.failure{margin:.4rem 0 .8rem}li.failure dl.facts{margin:.2rem 0}p.reproduce code{user-select:all}
pre{margin:0;padding:.6rem;background:#f7f8fa;border:1px solid var(--line);border-radius:4px;overflow:auto;white-space:pre;max-height:36rem}
dl.meta,dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;margin:.3rem 0}dt{color:var(--muted)}dd{margin:0}
.badge{display:inline-block;min-width:5.5em;text-align:center;padding:0 .4em;border-radius:3px;font-weight:600;font-size:.8rem;text-transform:uppercase}
.pass .badge,.badge.pass{background:var(--pass-bg);color:var(--pass)}.badge.fail{background:var(--fail-bg);color:var(--fail)}.badge.xfail{background:var(--xfail-bg);color:var(--xfail)}.badge.unsupported{background:var(--unsupported-bg);color:var(--unsupported)}.badge.crash{background:var(--crash-bg);color:var(--crash)}.badge.timeout{background:var(--timeout-bg);color:var(--timeout)}
table{border-collapse:collapse}th,td{border:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top}thead th{background:#f1f3f5;position:sticky;top:0}
table.matrix td.cell{min-width:7.5rem;padding:0}table.matrix td.cell a{display:block;padding:.3rem .5rem;color:inherit;text-decoration:none;min-height:1.9rem}table.matrix td.cell a:hover,table.matrix td.cell a:focus{outline:2px solid #0b57d0;outline-offset:-2px}
td.cell.worst-pass{background:var(--pass-bg)}td.cell.worst-fail{background:var(--fail-bg)}td.cell.worst-xfail{background:var(--xfail-bg)}td.cell.worst-unsupported{background:var(--unsupported-bg)}td.cell.worst-crash{background:var(--crash-bg)}td.cell.worst-timeout{background:var(--timeout-bg)}td.cell.empty{background:repeating-linear-gradient(45deg,#fafafa,#fafafa 4px,#f0f0f0 4px,#f0f0f0 8px)}
.count{display:inline-block;margin-right:.45em;font-weight:600;font-variant-numeric:tabular-nums}.count::after{content:" " attr(data-label);font-weight:400;font-size:.8em}
.count.pass{color:var(--pass)}.count.fail{color:var(--fail)}.count.xfail{color:var(--xfail)}.count.unsupported{color:var(--unsupported)}.count.crash{color:var(--crash)}.count.timeout{color:var(--timeout)}
form#filters{display:flex;flex-wrap:wrap;gap:.6rem 1rem;align-items:end;margin:.6rem 0;padding:.6rem;background:#f7f8fa;border:1px solid var(--line);border-radius:4px}form#filters label{display:flex;flex-direction:column;font-size:.8rem;color:var(--muted)}
form#filters input[type=search]{min-width:18rem}#cell-filter:empty{display:none}#cell-filter{background:#e8f0fe;padding:.2rem .5rem;border-radius:3px}
table#cases{width:100%}table#cases tr.selected{outline:2px solid #0b57d0;outline-offset:-2px}table#cases td.message{color:var(--muted);max-width:40rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.keys{color:var(--muted);font-size:.8rem}kbd{border:1px solid var(--line);border-bottom-width:2px;border-radius:3px;padding:0 .3em;font-size:.8em;background:#fff}
nav.case-nav{display:flex;gap:1rem;margin-bottom:.4rem}nav.case-nav a[aria-disabled=true]{color:var(--muted);pointer-events:none;text-decoration:none}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:.8rem}.sides.one{grid-template-columns:1fr}.side{min-width:0}
mark.d{background:#ffb3b3;color:#000;border-radius:2px;outline:1px solid #e53935}mark.d.gap{display:inline-block;width:0;height:1.2em;vertical-align:text-bottom;outline:none;border-left:3px solid #e53935;background:none}
.side.actual mark.d{background:#ffd9a8;outline-color:#ef6c00}.side.actual mark.d.gap{border-left-color:#ef6c00}
.ws{color:#9aa3ad}mark .ws{color:#5d4037}.elided,.absent,.note{color:var(--muted);font-style:italic}.block{display:inline-block;vertical-align:top;border-left:2px solid #c5cbd3;padding-left:.5em}.key{color:#6a1b9a}.str{color:#1b5e20}.lit{color:#0d47a1}
p.where{margin:.2rem 0 .4rem;color:var(--muted)}p.message{padding:.4rem .6rem;border-left:4px solid var(--line);background:#f7f8fa;white-space:pre-wrap}body.status-fail p.message{border-color:var(--fail)}body.status-crash p.message{border-color:var(--crash)}body.status-timeout p.message{border-color:var(--timeout)}body.status-xfail p.message{border-color:var(--xfail)}
.totals span{margin-right:1em}
`;
