/** Style sheet of the review app (served at /app.css). */
export const APP_CSS = String.raw`
:root {
  --bg: #f7f7f5; --panel: #ffffff; --ink: #1d1f21; --muted: #6b6f76; --line: #d9dadc; --accent: #2358c4; --danger: #b42318; --ok: #1a7f37;
  --PERSON_NAME: #f4a3a3; --ADDRESS: #f7c08a; --CONTACT: #f2e08a; --ID_NUMBER: #c6e38c; --FINANCIAL: #9fdcaa; --EMPLOYMENT_EDUCATION: #8fd6d0;
  --BIRTH: #97c7f0; --MEDICAL: #b4b0f2; --DEMOGRAPHIC: #d9a8ee; --LOCATION: #f0a8d2; --ORGANIZATION: #d6c2a2; --ACHIEVEMENT: #b9d3a0;
  --TRAIT: #c9c9c9; --EVENT: #a8d8f0; --DATE: #e2cfa8; --QUANTITY: #cfd8dc; --OTHER: #e0e0e0;
}
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
header.top { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; padding: 8px 16px; background: #20242b; color: #fff; }
header.top h1 { font-size: 17px; margin: 0 12px 0 0; font-weight: 600; }
header.top h1 a { color: #fff; text-decoration: none; }
header.top label { font-size: 13px; color: #cfd3da; display: flex; align-items: center; gap: 6px; }
header.top input { padding: 4px 6px; border-radius: 4px; border: 1px solid #555; background: #2d323b; color: #fff; }
main { padding: 16px; max-width: 1400px; margin: 0 auto; }
button, select, input[type=text], input[type=file] { font: inherit; }
button { padding: 5px 10px; border: 1px solid var(--line); border-radius: 5px; background: #fff; cursor: pointer; }
button:hover:not(:disabled) { border-color: var(--accent); }
button:disabled { opacity: 0.45; cursor: default; }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button.danger { color: var(--danger); }
kbd { font: 12px ui-monospace, monospace; border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 3px; padding: 0 4px; background: #fafafa; color: var(--ink); }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; margin-bottom: 16px; }
.panel h2 { font-size: 16px; margin: 0 0 10px; }
.row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.muted { color: var(--muted); }
.status { position: fixed; bottom: 16px; right: 16px; max-width: 520px; padding: 8px 12px; border-radius: 6px; background: #20242b; color: #fff; font-size: 14px; opacity: 0; transition: opacity 0.2s; pointer-events: none; }
.status.show { opacity: 0.95; }
.status.error { background: var(--danger); }
table.list { border-collapse: collapse; width: 100%; }
table.list th, table.list td { text-align: left; padding: 5px 8px; border-bottom: 1px solid var(--line); font-size: 14px; vertical-align: top; }
table.list th { color: var(--muted); font-weight: 600; }
.bar { display: inline-block; width: 160px; height: 9px; border-radius: 5px; background: #e7e8ea; overflow: hidden; vertical-align: middle; }
.bar > span { display: block; height: 100%; background: var(--ok); }
.badge { display: inline-block; padding: 0 7px; border-radius: 10px; font-size: 12px; border: 1px solid var(--line); background: #fafafa; }
.badge.done { background: #dcf5e3; border-color: #9fd8ae; }
.badge.in_progress { background: #fff3cd; border-color: #f0d57a; }
.layout { display: grid; grid-template-columns: minmax(0, 1fr) 360px; gap: 16px; align-items: start; }
@media (max-width: 900px) { .layout { grid-template-columns: 1fr; } }
#text { white-space: pre-wrap; word-wrap: break-word; font: 16px/1.9 Georgia, "Times New Roman", serif; padding: 18px 20px; max-height: 75vh; overflow: auto; }
.seg.mark { background: var(--OTHER); cursor: pointer; padding: 2px 0; border-bottom: 3px solid rgba(0,0,0,0.55); }
.seg.mark.first { border-top-left-radius: 3px; border-bottom-left-radius: 3px; padding-left: 2px; }
.seg.mark.last { border-top-right-radius: 3px; border-bottom-right-radius: 3px; padding-right: 2px; }
.seg.mark.last::after { content: attr(data-tag); font: 600 9px/1 system-ui, sans-serif; vertical-align: super; margin-left: 2px; color: #333; }
.seg.sig-HIGH { border-bottom-style: solid; }
.seg.sig-MEDIUM { border-bottom-style: dashed; }
.seg.sig-LOW { border-bottom-style: dotted; }
.seg.ident-alone { box-shadow: inset 0 -1px 0 0 #b42318; border-bottom-color: #b42318; }
.seg.ident-combination { border-bottom-color: #c2670e; }
.seg.st-pending { background-image: repeating-linear-gradient(135deg, rgba(255,255,255,0.55) 0 4px, transparent 4px 8px); }
.seg.st-rejected { background: transparent !important; text-decoration: line-through; text-decoration-color: var(--danger); border-bottom-color: #bbb; border-bottom-style: dotted; }
.seg.selected { outline: 2px solid var(--accent); outline-offset: 1px; }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px; vertical-align: middle; margin-right: 4px; border: 1px solid rgba(0,0,0,0.15); }
.legend { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 12px; color: var(--muted); margin-top: 8px; }
.legend .line { display: inline-block; width: 22px; border-bottom: 3px solid #555; vertical-align: middle; margin-right: 4px; }
.side dl { display: grid; grid-template-columns: 110px 1fr; gap: 3px 8px; margin: 0 0 10px; font-size: 14px; }
.side dt { color: var(--muted); }
.side dd { margin: 0; word-break: break-word; }
.spanlist { max-height: 38vh; overflow: auto; margin: 0; padding: 0; list-style: none; font-size: 13px; }
.spanlist li { padding: 3px 6px; border-radius: 4px; cursor: pointer; display: flex; gap: 6px; align-items: baseline; }
.spanlist li.current { background: #e8eefc; }
.spanlist li .st { width: 16px; text-align: center; }
.spanlist li.rejected .txt { text-decoration: line-through; color: var(--muted); }
.help { position: fixed; inset: 0; background: rgba(0,0,0,0.35); display: flex; align-items: center; justify-content: center; }
.help[hidden] { display: none; }
.help .card { background: #fff; border-radius: 10px; padding: 18px 22px; max-width: 640px; max-height: 85vh; overflow: auto; }
.help table td { padding: 3px 10px 3px 0; font-size: 14px; }
.kappa { font-size: 22px; font-weight: 600; }
.context { font: 14px/1.6 Georgia, serif; background: #fafafa; border: 1px solid var(--line); border-radius: 5px; padding: 4px 8px; }
.context mark { background: #ffe58a; }
.empty { padding: 18px; text-align: center; color: var(--muted); }
`;
