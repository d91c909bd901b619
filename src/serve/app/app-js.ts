/**
 * The review app (served at /app.js): plain browser JavaScript, no build step.
 * It talks to /api with the token the reviewer enters (kept in sessionStorage)
 * and never writes document text as HTML: every text node is set with
 * textContent. Written without template literals so that it can live in this
 * String.raw module (test/serve/app.test.ts checks that it parses).
 */
export const APP_JS = String.raw`
(function () {
  'use strict';

  var state = {
    token: sessionStorage.getItem('splice.token') || '',
    reviewer: localStorage.getItem('splice.reviewer') || '',
    labels: [],
    doc: null,
    review: null,
    selectedId: null,
    newLabel: localStorage.getItem('splice.newLabel') || 'PERSON_NAME',
    view: null,
    relabelByKeyboard: false
  };
  var main = document.getElementById('main');
  var statusBox = document.getElementById('status');
  var statusTimer = null;

  // ---------- helpers ----------
  function el(tag, props, children) {
    var node = document.createElement(tag);
    if (props) {
      Object.keys(props).forEach(function (key) {
        var value = props[key];
        if (value === undefined || value === null || value === false) return;
        if (key === 'text') node.textContent = value;
        else if (key === 'className') node.className = value;
        else if (key.indexOf('on') === 0) node.addEventListener(key.slice(2), value);
        else if (key === 'dataset') Object.keys(value).forEach(function (d) { node.dataset[d] = value[d]; });
        else if (key === 'style') Object.keys(value).forEach(function (s) { node.style.setProperty(s, value[s]); });
        else if (value === true) node.setAttribute(key, '');
        else node.setAttribute(key, String(value));
      });
    }
    (children || []).forEach(function (child) {
      if (child === null || child === undefined || child === false) return;
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function say(message, isError) {
    statusBox.textContent = message;
    statusBox.className = 'status show' + (isError ? ' error' : '');
    clearTimeout(statusTimer);
    statusTimer = setTimeout(function () { statusBox.className = 'status'; }, isError ? 6000 : 2500);
  }
  function labelColor(label) { return 'var(--' + label + ', var(--OTHER))'; }
  function significanceOf(label) {
    for (var i = 0; i < state.labels.length; i++) if (state.labels[i].label === label) return state.labels[i].significance;
    return null;
  }
  function enc(s) { return encodeURIComponent(s); }
  function reviewPath(docId) { return '/api/documents/' + docId + '/reviews/' + enc(state.reviewer); }

  function api(method, path, body) {
    var headers = { 'Authorization': 'Bearer ' + state.token };
    var init = { method: method, headers: headers };
    if (body !== undefined) { headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
    return fetch(path, init).then(function (res) {
      var type = res.headers.get('content-type') || '';
      var parse = type.indexOf('application/json') === 0 ? res.json() : res.text();
      return parse.then(function (data) {
        if (!res.ok) {
          var message = data && data.message ? data.message : ('HTTP ' + res.status);
          var err = new Error(message);
          err.status = res.status;
          err.code = data && data.code;
          throw err;
        }
        return data;
      });
    });
  }
  function fail(err) {
    if (err && err.status === 401) {
      say('The API token is missing or wrong: enter it above.', true);
      document.getElementById('token').focus();
    } else {
      say(err && err.message ? err.message : String(err), true);
    }
  }
  function download(path, fallbackName) {
    return fetch(path, { headers: { 'Authorization': 'Bearer ' + state.token } }).then(function (res) {
      if (!res.ok) return res.json().then(function (data) { var e = new Error(data.message || ('HTTP ' + res.status)); e.status = res.status; throw e; });
      var disposition = res.headers.get('content-disposition') || '';
      var m = /filename="([^"]+)"/.exec(disposition);
      var name = m ? m[1] : fallbackName;
      return res.blob().then(function (blob) {
        var url = URL.createObjectURL(blob);
        var a = el('a', { href: url, download: name });
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
        say('Downloaded ' + name);
      });
    });
  }

  // ---------- session ----------
  var tokenInput = document.getElementById('token');
  var reviewerInput = document.getElementById('reviewer');
  tokenInput.value = state.token;
  reviewerInput.value = state.reviewer;
  document.getElementById('session').addEventListener('submit', function (event) {
    event.preventDefault();
    state.token = tokenInput.value.trim();
    state.reviewer = reviewerInput.value.trim();
    sessionStorage.setItem('splice.token', state.token);
    localStorage.setItem('splice.reviewer', state.reviewer);
    state.labels = [];
    render();
  });
  function showWho() {
    document.getElementById('whoami').textContent = state.reviewer ? ('reviewing as ' + state.reviewer) : '';
  }
  var REVIEWER = /^[\p{L}\p{N}][\p{L}\p{N} ._@-]{0,63}$/u;

  // ---------- routing ----------
  window.addEventListener('hashchange', render);
  function render() {
    showWho();
    state.view = null;
    if (!state.token || !state.reviewer) {
      clear(main);
      main.appendChild(el('div', { className: 'panel' }, [
        el('h2', { text: 'Welcome' }),
        el('p', { text: 'Enter the API token the server was started with (--token or SPLICE_API_TOKEN) and your reviewer name above, then press Save.' })
      ]));
      (state.token ? reviewerInput : tokenInput).focus();
      return;
    }
    if (!REVIEWER.test(state.reviewer)) {
      say('Reviewer names use letters, digits, spaces and . _ @ - (at most 64 characters).', true);
      reviewerInput.focus();
      return;
    }
    var loadLabels = state.labels.length ? Promise.resolve(state.labels) : api('GET', '/api/labels').then(function (labels) { state.labels = labels; return labels; });
    loadLabels.then(function () {
      var hash = location.hash || '#/';
      var m;
      if ((m = /^#\/p\/([0-9a-f-]{36})$/.exec(hash))) return showProject(m[1]);
      if ((m = /^#\/d\/([0-9a-f-]{36})$/.exec(hash))) return showDocument(m[1]);
      return showProjects();
    }).catch(fail);
  }

  function progressBar(done, total) {
    var pct = total ? Math.round((100 * done) / total) : 0;
    return el('span', { className: 'bar', title: done + ' of ' + total + ' done' }, [el('span', { style: { width: pct + '%' } })]);
  }

  // ---------- projects ----------
  function showProjects() {
    return api('GET', '/api/projects').then(function (projects) {
      clear(main);
      var name = el('input', { type: 'text', id: 'new-project-name', placeholder: 'project name', maxlength: 200, size: 30 });
      var create = el('form', { className: 'row', onsubmit: function (event) {
        event.preventDefault();
        if (!name.value.trim()) return say('Give the project a name.', true);
        api('POST', '/api/projects', { name: name.value.trim() }).then(function (p) { location.hash = '#/p/' + p.id; }).catch(fail);
      } }, [name, el('button', { type: 'submit', id: 'create-project', className: 'primary', text: 'Create project' })]);
      var rows = projects.map(function (p) {
        var mine = p.progress.filter(function (r) { return r.reviewer === state.reviewer; })[0];
        var done = mine ? mine.documentsDone : 0;
        return el('tr', null, [
          el('td', null, [el('a', { href: '#/p/' + p.id, className: 'project-link', text: p.name })]),
          el('td', { text: String(p.documents) }),
          el('td', null, [progressBar(done, p.documents), ' ' + done + ' / ' + p.documents]),
          el('td', { className: 'muted', text: p.progress.map(function (r) { return r.reviewer + ' ' + r.documentsDone; }).join(', ') || '—' })
        ]);
      });
      main.appendChild(el('div', { className: 'panel' }, [el('h2', { text: 'New project' }), create]));
      main.appendChild(el('div', { className: 'panel' }, [
        el('h2', { text: 'Projects' }),
        projects.length ? el('table', { className: 'list', id: 'projects' }, [
          el('tr', null, [el('th', { text: 'Project' }), el('th', { text: 'Documents' }), el('th', { text: 'Your progress' }), el('th', { text: 'Done per reviewer' })])
        ].concat(rows)) : el('p', { className: 'empty', text: 'No project yet: create one above.' })
      ]));
    });
  }

  // ---------- one project ----------
  function statusOf(doc, reviewer) {
    var r = doc.reviews.filter(function (x) { return x.reviewer === reviewer; })[0];
    return r ? r.status : 'not_started';
  }
  function statusBadge(status) {
    var text = status === 'done' ? 'done' : status === 'in_progress' ? 'in progress' : 'not started';
    return el('span', { className: 'badge ' + status, text: text });
  }

  function showProject(id) {
    return api('GET', '/api/projects/' + id).then(function (project) {
      clear(main);
      var total = project.documents.length;
      var progressRows = project.progress.map(function (r) {
        return el('tr', { dataset: { reviewer: r.reviewer } }, [
          el('td', { text: r.reviewer + (r.reviewer === state.reviewer ? ' (you)' : '') }),
          el('td', null, [progressBar(r.documentsDone, total), ' ' + r.documentsDone + ' / ' + total + ' done']),
          el('td', { className: 'muted', text: r.documentsInProgress + ' in progress · spans: ' + r.spansAccepted + ' accepted, ' + r.spansRejected + ' rejected, ' + r.spansPending + ' pending' })
        ]);
      });
      main.appendChild(el('div', { className: 'panel' }, [
        el('div', { className: 'row' }, [el('a', { href: '#/', text: '← Projects' })]),
        el('h2', { id: 'project-name', text: project.name }),
        total ? el('table', { className: 'list', id: 'progress' }, [el('tr', null, [el('th', { text: 'Reviewer' }), el('th', { text: 'Progress' }), el('th', { text: '' })])].concat(progressRows))
          : el('p', { className: 'muted', text: 'No documents yet: upload some below.' })
      ]));

      // upload
      var input = el('input', { type: 'file', id: 'upload-input', multiple: true, accept: '.txt,.text,.md,.jsonl,.json,.conll,.bio' });
      var useEngine = el('input', { type: 'checkbox', id: 'upload-engine', checked: true });
      var annotator = el('input', { type: 'text', id: 'upload-annotator', size: 12, placeholder: 'TAB annotator' });
      var uploadButton = el('button', { type: 'button', id: 'upload-button', className: 'primary', text: 'Upload' });
      uploadButton.addEventListener('click', function () {
        var files = Array.prototype.slice.call(input.files || []);
        if (!files.length) return say('Choose one or more files first.', true);
        uploadButton.disabled = true;
        var added = 0;
        var chain = Promise.resolve();
        files.forEach(function (file) {
          chain = chain.then(function () {
            say('Uploading ' + file.name + ' …');
            return file.text().then(function (content) {
              var body = { filename: file.name, content: content, engine: useEngine.checked };
              if (annotator.value.trim()) body.annotator = annotator.value.trim();
              return api('POST', '/api/projects/' + id + '/documents', body);
            }).then(function (result) {
              added += result.added;
              if (result.warnings && result.warnings.length) say(file.name + ': ' + result.warnings.join('; '));
            });
          });
        });
        chain.then(function () {
          say('Added ' + added + ' document' + (added === 1 ? '' : 's'));
          showProject(id);
        }).catch(function (err) { uploadButton.disabled = false; fail(err); });
      });
      main.appendChild(el('div', { className: 'panel' }, [
        el('h2', { text: 'Upload documents' }),
        el('p', { className: 'muted', text: 'Plain text (.txt: one document), the benchmark format (.jsonl), TAB (.json) or CoNLL. Annotations in the file become suggestions to review.' }),
        el('div', { className: 'row' }, [input, el('label', null, [useEngine, ' suggest spans with Splice']), annotator, uploadButton])
      ]));

      // documents
      var docRows = project.documents.map(function (d) {
        var others = d.reviews.filter(function (r) { return r.reviewer !== state.reviewer; }).map(function (r) { return r.reviewer + (r.status === 'done' ? ' ✓' : ' …'); });
        return el('tr', { dataset: { name: d.name } }, [
          el('td', { text: String(d.position) }),
          el('td', null, [el('a', { href: '#/d/' + d.id, className: 'doc-link', text: d.name })]),
          el('td', { text: d.domain || '' }),
          el('td', { text: String(d.length) }),
          el('td', { text: String(d.suggestions) }),
          el('td', null, [statusBadge(statusOf(d, state.reviewer))]),
          el('td', { className: 'muted', text: others.join(', ') })
        ]);
      });
      main.appendChild(el('div', { className: 'panel' }, [
        el('h2', { text: 'Documents' }),
        total ? el('table', { className: 'list', id: 'documents' }, [el('tr', null, ['#', 'Document', 'Domain', 'Characters', 'Suggested', 'Your review', 'Others'].map(function (h) { return el('th', { text: h }); }))].concat(docRows))
          : el('p', { className: 'empty', text: 'Nothing to review yet.' })
      ]));

      // export
      var reviewers = project.progress.map(function (r) { return r.reviewer; });
      if (reviewers.indexOf(state.reviewer) === -1) reviewers.unshift(state.reviewer);
      var format = el('select', { id: 'export-format' }, [
        el('option', { value: 'jsonl', text: 'Benchmark JSONL (annotations)' }),
        el('option', { value: 'tab', text: 'TAB JSON (annotations)' }),
        el('option', { value: 'labelstudio', text: 'Label Studio JSON (annotations)' }),
        el('option', { value: 'redacted', text: 'Redacted text (JSONL)' })
      ]);
      var scope = el('select', { id: 'export-scope' }, [el('option', { value: 'done', text: 'documents marked done' }), el('option', { value: 'all', text: 'every started document' })]);
      var who = el('select', { id: 'export-reviewer' }, [el('option', { value: '', text: 'every reviewer (TAB, Label Studio)' })].concat(reviewers.map(function (r) { return el('option', { value: r, text: r, selected: r === state.reviewer }); })));
      var exportButton = el('button', { type: 'button', id: 'export-button', className: 'primary', text: 'Download' });
      exportButton.addEventListener('click', function () {
        var q = '?format=' + enc(format.value) + '&documents=' + enc(scope.value) + (who.value ? '&reviewer=' + enc(who.value) : '');
        download('/api/projects/' + id + '/export' + q, 'export').catch(fail);
      });
      main.appendChild(el('div', { className: 'panel' }, [
        el('h2', { text: 'Export' }),
        el('p', { className: 'muted', text: 'Accepted spans only. The benchmark JSONL is what splice eval --gold reads.' }),
        el('div', { className: 'row' }, [format, scope, who, exportButton])
      ]));

      // agreement
      var all = project.progress.map(function (r) { return r.reviewer; });
      var pickA = el('select', { id: 'agree-a' }, all.map(function (r, i) { return el('option', { value: r, text: r, selected: i === 0 }); }));
      var pickB = el('select', { id: 'agree-b' }, all.map(function (r, i) { return el('option', { value: r, text: r, selected: i === 1 }); }));
      var agreeScope = el('select', { id: 'agree-scope' }, [el('option', { value: 'done', text: 'documents both marked done' }), el('option', { value: 'all', text: 'every document both started' })]);
      var out = el('div', { id: 'agreement' });
      var compare = el('button', { type: 'button', id: 'agree-button', text: 'Compare', disabled: all.length < 2 });
      compare.addEventListener('click', function () {
        api('GET', '/api/projects/' + id + '/agreement?a=' + enc(pickA.value) + '&b=' + enc(pickB.value) + '&documents=' + enc(agreeScope.value)).then(function (result) { showAgreement(out, result); }).catch(fail);
      });
      main.appendChild(el('div', { className: 'panel' }, [
        el('h2', { text: 'Agreement of two reviewers' }),
        all.length < 2 ? el('p', { className: 'muted', text: 'Needs two reviewers of the same documents.' }) : null,
        el('div', { className: 'row' }, [pickA, 'vs', pickB, agreeScope, compare]),
        out
      ]));
    });
  }

  function fmtKappa(k) { return k.kappa === null ? 'n/a' : k.kappa.toFixed(3); }
  function showAgreement(out, r) {
    clear(out);
    out.appendChild(el('table', { className: 'list' }, [
      el('tr', null, [el('th', { text: 'Figure' }), el('th', { text: 'Value' }), el('th', { text: 'Units' })]),
      el('tr', null, [el('td', { text: 'Span-level Cohen\u2019s kappa (same extent and label)' }), el('td', { className: 'kappa', id: 'kappa-strict', text: fmtKappa(r.spanKappa.strict) }), el('td', { text: String(r.spanKappa.strict.units) })]),
      el('tr', null, [el('td', { text: 'Span-level kappa (overlapping spans paired)' }), el('td', { id: 'kappa-overlap', text: fmtKappa(r.spanKappa.overlap) }), el('td', { text: String(r.spanKappa.overlap.units) })]),
      el('tr', null, [el('td', { text: 'Token-level kappa (every word token, O included)' }), el('td', { id: 'kappa-token', text: fmtKappa(r.tokenKappa) }), el('td', { text: String(r.tokenKappa.units) })]),
      el('tr', null, [el('td', { text: 'F1 exact / overlap' }), el('td', { text: (r.f1.exact === null ? 'n/a' : r.f1.exact.toFixed(3)) + ' / ' + (r.f1.overlap === null ? 'n/a' : r.f1.overlap.toFixed(3)) }), el('td', { text: r.spansA + ' + ' + r.spansB + ' spans' })])
    ]));
    out.appendChild(el('p', { className: 'muted', text: r.documents + ' documents; agree ' + r.counts.agree + ', label ' + r.counts.label + ', boundary ' + r.counts.boundary + ', boundary and label ' + r.counts['boundary-and-label'] + ', only ' + r.a + ' ' + r.counts['only-a'] + ', only ' + r.b + ' ' + r.counts['only-b'] }));
    var kinds = { 'label': 'different label', 'boundary': 'different extent', 'boundary-and-label': 'different extent and label', 'only-a': 'only ' + r.a, 'only-b': 'only ' + r.b };
    var describe = function (who, s) { return s ? (who + ': ' + s.label + ' [' + s.start + '–' + s.end + ']') : (who + ': —'); };
    var rows = r.disagreements.map(function (d) {
      var c = d.context;
      return el('tr', { className: 'disagreement', dataset: { kind: d.kind } }, [
        el('td', null, [el('span', { className: 'badge', text: kinds[d.kind] })]),
        el('td', null, [el('a', { href: '#/d/' + d.documentId, text: d.documentName })]),
        el('td', null, [el('div', { className: 'context' }, ['…' + c.before, el('mark', { text: c.text }), c.after + '…'])]),
        el('td', { text: describe(r.a, d.a) + '; ' + describe(r.b, d.b) })
      ]);
    });
    out.appendChild(el('h2', { text: 'Disagreements (' + r.disagreementsTotal + ')' }));
    out.appendChild(rows.length ? el('table', { className: 'list', id: 'disagreements' }, [el('tr', null, ['Kind', 'Document', 'Context', 'Spans'].map(function (h) { return el('th', { text: h }); }))].concat(rows)) : el('p', { className: 'empty', text: 'None.' }));
  }

  // ---------- one document ----------
  function showDocument(id) {
    return api('GET', '/api/documents/' + id).then(function (doc) {
      return api('POST', reviewPath(id)).then(function (review) {
        state.doc = doc;
        state.review = review;
        if (!spanById(state.selectedId)) state.selectedId = firstPending();
        state.view = 'document';
        drawDocument();
      });
    });
  }
  function spanById(id) {
    if (!state.review || !id) return null;
    for (var i = 0; i < state.review.spans.length; i++) if (state.review.spans[i].id === id) return state.review.spans[i];
    return null;
  }
  function firstPending() {
    var spans = state.review.spans;
    for (var i = 0; i < spans.length; i++) if (spans[i].status === 'pending') return spans[i].id;
    return spans.length ? spans[0].id : null;
  }
  function identText(s) {
    if (s.identifying === true) return 'identifies alone';
    if (s.identifyingInCombination === true) return 'identifies in combination';
    if (s.identifying === false) return 'not identifying';
    return 'not assessed';
  }

  /** Segments of the text at every span boundary; each knows the spans covering it. */
  function segments(text, spans) {
    var cuts = [0, text.length];
    spans.forEach(function (s) { cuts.push(s.start, s.end); });
    cuts.sort(function (a, b) { return a - b; });
    var bounds = cuts.filter(function (v, i) { return i === 0 || v !== cuts[i - 1]; });
    var ordered = spans.slice().sort(function (a, b) { return a.start - b.start; });
    var out = [];
    var active = [];
    var next = 0;
    for (var i = 0; i + 1 < bounds.length; i++) {
      var from = bounds[i];
      var to = bounds[i + 1];
      while (next < ordered.length && ordered[next].start <= from) active.push(ordered[next++]);
      active = active.filter(function (s) { return s.end > from; });
      out.push({ start: from, end: to, spans: active.filter(function (s) { return s.start <= from && s.end >= to; }) });
    }
    return out;
  }
  function primary(covering) {
    if (!covering.length) return null;
    var selected = covering.filter(function (s) { return s.id === state.selectedId; })[0];
    if (selected) return selected;
    var live = covering.filter(function (s) { return s.status !== 'rejected'; });
    var pool = live.length ? live : covering;
    return pool.slice().sort(function (a, b) { return (a.end - a.start) - (b.end - b.start); })[0];
  }

  function drawDocument() {
    var doc = state.doc;
    var review = state.review;
    var keepScroll = document.getElementById('text');
    var scrollTop = keepScroll ? keepScroll.scrollTop : 0;
    clear(main);
    var counts = review.counts;
    var toolbar = el('div', { className: 'panel row', id: 'doc-toolbar' }, [
      el('a', { href: '#/p/' + doc.project.id, text: '← ' + doc.project.name }),
      el('button', { type: 'button', id: 'prev-doc', text: '‹ Previous', disabled: !doc.previous, onclick: function () { go(doc.previous); } }),
      el('button', { type: 'button', id: 'next-doc', text: 'Next ›', disabled: !doc.next, onclick: function () { go(doc.next); } }),
      el('strong', { id: 'doc-name', text: doc.name }),
      statusBadge(review.status),
      el('span', { id: 'counts', className: 'muted', text: counts.pending + ' pending · ' + counts.accepted + ' accepted · ' + counts.rejected + ' rejected' }),
      el('button', { type: 'button', id: 'accept-all', text: 'Accept all pending (Shift+A)', disabled: !counts.pending, onclick: acceptAll }),
      el('button', { type: 'button', id: 'mark-done', className: 'primary', text: review.status === 'done' ? 'Done ✓' : 'Mark done (d)', onclick: markDone }),
      el('button', { type: 'button', id: 'show-help', text: 'Shortcuts (?)', onclick: toggleHelp })
    ]);
    main.appendChild(toolbar);
    if (review.warning) say(review.warning, true);

    var textBox = el('div', { id: 'text', className: 'panel', tabindex: 0 });
    segments(doc.text, review.spans).forEach(function (seg) {
      var piece = doc.text.slice(seg.start, seg.end);
      var span = primary(seg.spans);
      if (!span) {
        textBox.appendChild(el('span', { className: 'seg', dataset: { start: String(seg.start) }, text: piece }));
        return;
      }
      var cls = ['seg', 'mark', 'lab-' + span.label, 'st-' + span.status];
      var sig = span.significance || significanceOf(span.label);
      if (sig) cls.push('sig-' + sig);
      if (span.identifying === true) cls.push('ident-alone');
      else if (span.identifyingInCombination === true) cls.push('ident-combination');
      if (seg.start === span.start) cls.push('first');
      if (seg.end === span.end) cls.push('last');
      if (span.id === state.selectedId) cls.push('selected');
      var node = el('span', {
        className: cls.join(' '),
        dataset: { start: String(seg.start), span: span.id, tag: seg.end === span.end ? span.label : '' },
        title: span.label + ' · ' + (sig || 'no level') + ' · ' + identText(span) + ' · ' + span.status,
        text: piece
      });
      node.style.background = span.status === 'rejected' ? '' : labelColor(span.label);
      node.addEventListener('click', function () {
        var sel = window.getSelection();
        if (sel && !sel.isCollapsed) return;
        select(span.id);
      });
      textBox.appendChild(node);
    });
    var present = {};
    review.spans.forEach(function (s) { present[s.label] = true; });
    var legend = el('div', { className: 'legend' }, Object.keys(present).sort().map(function (label) {
      var swatch = el('span', { className: 'swatch' });
      swatch.style.background = labelColor(label);
      return el('span', null, [swatch, label]);
    }).concat([
      el('span', null, [el('span', { className: 'line' }), 'HIGH']),
      el('span', null, [el('span', { className: 'line', style: { 'border-bottom-style': 'dashed' } }), 'MEDIUM']),
      el('span', null, [el('span', { className: 'line', style: { 'border-bottom-style': 'dotted' } }), 'LOW']),
      el('span', null, [el('span', { className: 'line', style: { 'border-bottom-color': '#b42318' } }), 'identifies alone']),
      el('span', null, [el('span', { className: 'line', style: { 'border-bottom-color': '#c2670e' } }), 'in combination'])
    ]));
    var left = el('div', null, [textBox, legend]);
    var layout = el('div', { className: 'layout' }, [left, sidePanel()]);
    main.appendChild(layout);
    textBox.scrollTop = scrollTop;
  }

  function labelOptions(current) {
    var labels = state.labels.map(function (l) { return l.label; });
    if (current && labels.indexOf(current) === -1) labels.push(current);
    return labels.map(function (label) { return el('option', { value: label, text: label, selected: label === current }); });
  }

  function sidePanel() {
    var s = spanById(state.selectedId);
    var review = state.review;
    var details;
    if (s) {
      var relabel = el('select', { id: 'label-select' }, labelOptions(s.label));
      // With the mouse a choice applies at once; from the keyboard (l) arrows browse and Enter applies, Esc cancels.
      relabel.addEventListener('change', function () { if (!state.relabelByKeyboard) patch(s.id, { label: relabel.value }, 'Relabelled as ' + relabel.value); });
      relabel.addEventListener('blur', function () { state.relabelByKeyboard = false; });
      relabel.addEventListener('keydown', function (event) {
        if (event.key === 'Enter') {
          event.preventDefault();
          event.stopPropagation();
          state.relabelByKeyboard = false;
          if (relabel.value !== s.label) patch(s.id, { label: relabel.value }, 'Relabelled as ' + relabel.value);
          else document.getElementById('text').focus();
        }
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          relabel.value = s.label;
          document.getElementById('text').focus();
        }
      });
      details = el('div', { id: 'span-details' }, [
        el('dl', null, [
          el('dt', { text: 'Text' }), el('dd', { id: 'span-text', text: state.doc.text.slice(s.start, s.end) }),
          el('dt', { text: 'Category' }), el('dd', null, [relabel]),
          el('dt', { text: 'Significance' }), el('dd', { text: s.significance || '—' }),
          el('dt', { text: 'Identifiability' }), el('dd', { id: 'span-ident', text: identText(s) }),
          el('dt', { text: 'Status' }), el('dd', { id: 'span-status', text: s.status }),
          el('dt', { text: 'Offsets' }), el('dd', { id: 'span-offsets', text: s.start + '–' + s.end }),
          el('dt', { text: 'From' }), el('dd', { text: s.origin + (s.source ? ' (' + s.source + (s.score !== null ? ', ' + s.score.toFixed(2) : '') + ')' : '') })
        ]),
        el('div', { className: 'row' }, [
          el('button', { type: 'button', id: 'accept', text: 'Accept (a)', disabled: s.status === 'accepted', onclick: function () { setStatus('accepted'); } }),
          el('button', { type: 'button', id: 'reject', className: 'danger', text: 'Reject (x)', disabled: s.status === 'rejected', onclick: function () { setStatus('rejected'); } }),
          el('button', { type: 'button', id: 'unset', text: 'Pending (u)', disabled: s.status === 'pending', onclick: function () { setStatus('pending'); } })
        ]),
        el('div', { className: 'row', style: { 'margin-top': '8px' } }, [
          'Start', el('button', { type: 'button', title: '[', text: '◀', onclick: function () { nudge('start', -1); } }), el('button', { type: 'button', title: ']', text: '▶', onclick: function () { nudge('start', 1); } }),
          'End', el('button', { type: 'button', title: 'Shift+←', text: '◀', onclick: function () { nudge('end', -1); } }), el('button', { type: 'button', title: 'Shift+→', text: '▶', onclick: function () { nudge('end', 1); } }),
          el('button', { type: 'button', id: 'fit-selection', text: 'Fit to selection (s)', onclick: fitToSelection })
        ])
      ]);
    } else {
      details = el('p', { className: 'muted', id: 'span-details', text: review.spans.length ? 'Click a highlighted span, or press j.' : 'No span suggested: select text and press n to add one.' });
    }
    var newLabel = el('select', { id: 'new-label' }, labelOptions(state.newLabel));
    newLabel.addEventListener('change', function () { state.newLabel = newLabel.value; localStorage.setItem('splice.newLabel', newLabel.value); });
    newLabel.addEventListener('keydown', function (event) { if (event.key === 'Escape' || event.key === 'Enter') { event.preventDefault(); event.stopPropagation(); document.getElementById('text').focus(); } });
    var list = el('ul', { className: 'spanlist', id: 'span-list' }, review.spans.map(function (x) {
      var mark = x.status === 'accepted' ? '✓' : x.status === 'rejected' ? '✗' : '•';
      var swatch = el('span', { className: 'swatch' });
      swatch.style.background = labelColor(x.label);
      return el('li', { className: (x.id === state.selectedId ? 'current ' : '') + x.status, dataset: { span: x.id }, onclick: function () { select(x.id); } }, [
        el('span', { className: 'st', text: mark }), swatch, el('span', { className: 'txt', text: state.doc.text.slice(x.start, x.end).slice(0, 60) }), el('span', { className: 'muted', text: x.label })
      ]);
    }));
    return el('aside', { className: 'side' }, [
      el('div', { className: 'panel' }, [el('h2', { text: 'Span' }), details]),
      el('div', { className: 'panel' }, [
        el('h2', { text: 'New span' }),
        el('div', { className: 'row' }, [el('label', null, ['as ', newLabel]), el('button', { type: 'button', id: 'add-span', text: 'Add from selection (n)', onclick: addFromSelection })]),
        el('p', { className: 'muted', text: 'Select text in the document first.' })
      ]),
      el('div', { className: 'panel' }, [el('h2', { text: 'Spans (' + review.spans.length + ')' }), list])
    ]);
  }

  function go(docId) { if (docId) location.hash = '#/d/' + docId; }
  function select(id) {
    state.selectedId = id;
    drawDocument();
    var node = document.querySelector('#text .seg[data-span="' + id + '"]');
    if (node && node.scrollIntoView) node.scrollIntoView({ block: 'nearest' });
    var item = document.querySelector('#span-list li[data-span="' + id + '"]');
    if (item && item.scrollIntoView) item.scrollIntoView({ block: 'nearest' });
  }
  function moveSelection(step) {
    var spans = state.review.spans;
    if (!spans.length) return;
    var index = -1;
    for (var i = 0; i < spans.length; i++) if (spans[i].id === state.selectedId) index = i;
    var next = index === -1 ? (step > 0 ? 0 : spans.length - 1) : Math.min(spans.length - 1, Math.max(0, index + step));
    select(spans[next].id);
  }
  function applyReview(review, message) {
    state.review = review;
    drawDocument();
    if (message) say(message);
  }
  function patch(id, body, message) {
    return api('PATCH', reviewPath(state.doc.id) + '/spans/' + id, body).then(function (review) { applyReview(review, message); }).catch(fail);
  }
  function setStatus(status) {
    var s = spanById(state.selectedId);
    if (!s) return say('Select a span first (j / k).', true);
    return patch(s.id, { status: status }, status === 'accepted' ? 'Accepted' : status === 'rejected' ? 'Rejected' : 'Back to pending').then(function () {
      if (status !== 'pending') {
        var next = nextPendingAfter(s);
        if (next) select(next.id);
      }
    });
  }
  function nextPendingAfter(s) {
    var spans = state.review.spans;
    for (var i = 0; i < spans.length; i++) if (spans[i].status === 'pending' && (spans[i].start > s.start || (spans[i].start === s.start && spans[i].end > s.end))) return spans[i];
    for (var j = 0; j < spans.length; j++) if (spans[j].status === 'pending') return spans[j];
    return null;
  }
  function nudge(edge, step) {
    var s = spanById(state.selectedId);
    if (!s) return say('Select a span first (j / k).', true);
    var start = s.start;
    var end = s.end;
    var text = state.doc.text;
    var move = function (i, d) {
      var j = i + d;
      // Step over both halves of a surrogate pair.
      if (j > 0 && j < text.length && /[\uDC00-\uDFFF]/.test(text[j]) && /[\uD800-\uDBFF]/.test(text[j - 1])) j += d;
      return j;
    };
    if (edge === 'start') start = move(start, step); else end = move(end, step);
    if (start < 0 || end > text.length || start >= end) return say('The span cannot shrink or grow further.', true);
    return patch(s.id, edge === 'start' ? { start: start } : { end: end }, 'Resized to ' + start + '–' + end);
  }
  /** The selected text as offsets into the document, trimmed of surrounding white space; null when none. */
  function selectedRange() {
    var sel = window.getSelection();
    if (!sel || sel.isCollapsed || !sel.rangeCount) return null;
    var range = sel.getRangeAt(0);
    var root = document.getElementById('text');
    if (!root || !root.contains(range.commonAncestorContainer)) return null;
    var a = pointOffset(root, range.startContainer, range.startOffset);
    var b = pointOffset(root, range.endContainer, range.endOffset);
    if (a === null || b === null) return null;
    var text = state.doc.text;
    var start = Math.min(a, b);
    var end = Math.max(a, b);
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    return end > start ? { start: start, end: end } : null;
  }
  function pointOffset(root, node, offset) {
    var text = state.doc.text;
    if (node.nodeType === 3) {
      var seg = node.parentElement && node.parentElement.closest('.seg');
      return seg ? Number(seg.dataset.start) + offset : null;
    }
    if (node === root) {
      var child = root.childNodes[offset];
      return child && child.dataset && child.dataset.start !== undefined ? Number(child.dataset.start) : text.length;
    }
    var el2 = node.closest ? node.closest('.seg') : null;
    if (!el2) return null;
    return Number(el2.dataset.start) + (offset > 0 ? el2.textContent.length : 0);
  }
  function addFromSelection() {
    var r = selectedRange();
    if (!r) return say('Select some text in the document first.', true);
    var label = document.getElementById('new-label').value;
    return api('POST', reviewPath(state.doc.id) + '/spans', { start: r.start, end: r.end, label: label }).then(function (review) {
      window.getSelection().removeAllRanges();
      var added = review.spans.filter(function (s) { return s.start === r.start && s.end === r.end && s.label === label && s.origin === 'reviewer'; })[0];
      if (added) state.selectedId = added.id;
      applyReview(review, 'Added ' + label);
    }).catch(fail);
  }
  function fitToSelection() {
    var s = spanById(state.selectedId);
    if (!s) return say('Select a span first (j / k).', true);
    var r = selectedRange();
    if (!r) return say('Select the text the span should cover.', true);
    window.getSelection().removeAllRanges();
    return patch(s.id, { start: r.start, end: r.end }, 'Resized to ' + r.start + '–' + r.end);
  }
  function acceptAll() {
    return api('POST', reviewPath(state.doc.id) + '/accept-all').then(function (review) { applyReview(review, 'Accepted every pending span'); }).catch(fail);
  }
  function markDone() {
    return api('PUT', reviewPath(state.doc.id) + '/status', { status: 'done' }).then(function (review) {
      say('Marked done');
      if (state.doc.next) go(state.doc.next);
      else applyReview(review, 'Marked done: that was the last document');
    }).catch(fail);
  }
  function toggleHelp() {
    var help = document.getElementById('help');
    help.hidden = !help.hidden;
    if (!help.hidden) document.getElementById('help-close').focus();
  }
  document.getElementById('help-close').addEventListener('click', toggleHelp);

  document.addEventListener('keydown', function (event) {
    var help = document.getElementById('help');
    if (!help.hidden) {
      if (event.key === 'Escape' || event.key === '?') { event.preventDefault(); toggleHelp(); }
      return;
    }
    if (state.view !== 'document') return;
    var target = event.target;
    var tag = target && target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    if (event.metaKey || event.altKey) return;
    var key = event.key;
    var handled = true;
    if (event.ctrlKey) {
      if (key === 'ArrowLeft') nudge('start', -1);
      else if (key === 'ArrowRight') nudge('start', 1);
      else handled = false;
    } else if (event.shiftKey && key === 'ArrowLeft') nudge('end', -1);
    else if (event.shiftKey && key === 'ArrowRight') nudge('end', 1);
    else if (key === 'j') moveSelection(1);
    else if (key === 'k') moveSelection(-1);
    else if (key === 'a') setStatus('accepted');
    else if (key === 'x') setStatus('rejected');
    else if (key === 'u') setStatus('pending');
    else if (key === 'A') acceptAll();
    else if (key === 'l') {
      var picker = document.getElementById('label-select');
      if (picker) { state.relabelByKeyboard = true; picker.focus(); } else say('Select a span first (j / k).', true);
    }
    else if (key === '[') nudge('start', -1);
    else if (key === ']') nudge('start', 1);
    else if (key === 's') fitToSelection();
    else if (key === 'n') addFromSelection();
    else if (key === 'd') markDone();
    else if (key === '>') go(state.doc.next);
    else if (key === '<') go(state.doc.previous);
    else if (key === '?') toggleHelp();
    else if (key === 'Escape') { window.getSelection().removeAllRanges(); }
    else handled = false;
    if (handled) event.preventDefault();
  });

  render();
})();
`;
