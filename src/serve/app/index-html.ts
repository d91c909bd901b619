/** The review app's page (served at /): a shell; app.js renders everything from the API. */
export const INDEX_HTML = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Splice review</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<header class="top">
  <h1><a href="#/">Splice review</a></h1>
  <form id="session" class="row" autocomplete="off">
    <label>API token <input id="token" type="password" size="22" autocomplete="off"></label>
    <label>Reviewer <input id="reviewer" type="text" size="14" maxlength="64" placeholder="your name"></label>
    <button id="save-session" type="submit">Save</button>
  </form>
  <span class="muted" id="whoami"></span>
</header>
<main id="main"><p class="empty">Loading…</p></main>
<div id="status" class="status" role="status" aria-live="polite"></div>
<div id="help" class="help" hidden>
  <div class="card" role="dialog" aria-label="Keyboard shortcuts">
    <h2>Keyboard shortcuts</h2>
    <table>
      <tr><td><kbd>j</kbd> / <kbd>k</kbd></td><td>next / previous span</td></tr>
      <tr><td><kbd>a</kbd></td><td>accept the span</td></tr>
      <tr><td><kbd>x</kbd></td><td>reject the span</td></tr>
      <tr><td><kbd>u</kbd></td><td>back to pending</td></tr>
      <tr><td><kbd>l</kbd></td><td>relabel: focuses the category list (arrows, then <kbd>Enter</kbd>)</td></tr>
      <tr><td><kbd>[</kbd> / <kbd>]</kbd> (or <kbd>Ctrl</kbd>+<kbd>←</kbd> / <kbd>→</kbd>)</td><td>move the start one character left / right</td></tr>
      <tr><td><kbd>Shift</kbd>+<kbd>←</kbd> / <kbd>→</kbd></td><td>move the end one character left / right</td></tr>
      <tr><td><kbd>s</kbd></td><td>resize the span to the selected text</td></tr>
      <tr><td><kbd>n</kbd></td><td>add a span over the selected text (category: "New span as")</td></tr>
      <tr><td><kbd>Shift</kbd>+<kbd>A</kbd></td><td>accept every pending span</td></tr>
      <tr><td><kbd>d</kbd></td><td>mark the document done and open the next one</td></tr>
      <tr><td><kbd>&gt;</kbd> / <kbd>&lt;</kbd></td><td>next / previous document</td></tr>
      <tr><td><kbd>Esc</kbd></td><td>close this help, leave a list, clear the selection</td></tr>
      <tr><td><kbd>?</kbd></td><td>this help</td></tr>
    </table>
    <p class="muted">Highlights: colour = category; underline = significance (solid HIGH, dashed MEDIUM, dotted LOW);
    red underline = identifies alone, orange = identifies in combination; stripes = pending; struck through = rejected.</p>
    <button id="help-close" type="button">Close</button>
  </div>
</div>
</body>
</html>
`;
