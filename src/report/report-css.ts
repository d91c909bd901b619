/** Styles of the HTML evaluation report (inlined: the file must stand alone). */
export const REPORT_CSS = `
:root { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b1b1b; background: #fafafa; }
body { margin: 0 auto; max-width: 1400px; padding: 1rem 2rem 4rem; }
h1 { margin-bottom: .3rem; } h2 { margin-top: 2.2rem; border-bottom: 1px solid #ddd; }
.small { font-size: .85rem; color: #555; }
.pii-warning { background: #fff3cd; border: 1px solid #e0b400; padding: .6rem .8rem; border-radius: 6px; }
.warnings { color: #8a5300; }
.cards { display: flex; gap: 1rem; flex-wrap: wrap; }
.card { flex: 1 1 260px; border-radius: 10px; padding: .8rem 1rem; background: #fff; border: 2px solid; }
.card h3 { margin: 0; } .card p { margin: .3rem 0; }
.card.pass { border-color: #2e7d32; } .card.fail { border-color: #c62828; }
.verdict { font-size: 2rem; font-weight: 700; }
.pass .verdict { color: #2e7d32; } .fail .verdict { color: #c62828; }
.ci { color: #555; font-size: .9rem; }
.chart { position: relative; background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: .5rem; margin: .8rem 0; }
.chart.wide { height: 380px; } .chart.narrow { height: 260px; max-width: 520px; }
table { border-collapse: collapse; margin: 1rem 0; background: #fff; font-size: .85rem; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; caption-side: top; }
th, td { border: 1px solid #ddd; padding: .25rem .45rem; text-align: right; }
th { background: #f0f0f0; } tbody th { text-align: left; }
td small { display: block; color: #777; font-size: .72rem; }
td.na { color: #aaa; text-align: center; } td.lvl { text-align: left; }
table.heat td { min-width: 2.4rem; text-align: center; }
table.heat td.dark { color: #fff; }
table.heat th.rot { height: 8rem; vertical-align: bottom; white-space: nowrap; }
table.heat th.rot span { writing-mode: vertical-rl; transform: rotate(180deg); }
ol.errors { padding-left: 2rem; } ol.errors li { margin: .6rem 0; }
.meta { font-size: .8rem; color: #555; }
.badge { display: inline-block; background: #333; color: #fff; border-radius: 4px; padding: 0 .35rem; font-size: .75rem; }
.ctx { white-space: pre-wrap; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .82rem; background: #fff; border: 1px solid #e3e3e3; padding: .35rem .5rem; border-radius: 4px; }
mark.miss { background: #ffcdd2; outline: 1px solid #c62828; }
mark.fp { background: #bbdefb; outline: 1px solid #1565c0; }
.none { color: #2e7d32; }
`;
