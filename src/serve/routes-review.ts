import { ALL_LABELS, TAXONOMY, isLabel, significanceOf } from '../taxonomy.js';
import { HttpError } from './errors.js';
import { agreement, type AgreementDocument } from './review/agreement.js';
import { acceptedSpans, benchmarkJsonl, labelStudioJson, mergeForRedaction, tabJson, type ExportFormat, type ReviewedDocument } from './review/export.js';
import { parseUpload } from './review/import.js';
import * as S from './schemas.js';
import type { RouteContext } from './server.js';
import { mapLimit } from './util.js';
import type { DocumentRecord, NewSpan, ReviewRecord, ReviewStatus, SpanPatch, StoredSpan } from './storage/types.js';

/**
 * The review app's API (/api): projects, uploads, each reviewer's decisions
 * on each document, progress, exports and the agreement of two reviewers.
 */
export interface SpanView extends StoredSpan {
  significance: string | null;
}

export interface ReviewView {
  documentId: string;
  reviewer: string;
  status: ReviewStatus;
  updatedAt: string;
  spans: SpanView[];
  counts: { pending: number; accepted: number; rejected: number };
  /** Set when the identifiability of the changed spans could not be recomputed. */
  warning?: string;
}

function view(review: ReviewRecord, warning?: string): ReviewView {
  const counts = { pending: 0, accepted: 0, rejected: 0 };
  for (const s of review.spans) counts[s.status]++;
  const out: ReviewView = {
    documentId: review.documentId,
    reviewer: review.reviewer,
    status: review.status,
    updatedAt: review.updatedAt,
    spans: review.spans.map((s) => ({ ...s, significance: isLabel(s.label) ? significanceOf(s.label) : null })),
    counts,
  };
  if (warning) out.warning = warning;
  return out;
}

/** Offsets must fall inside the text and not between the two halves of a surrogate pair. */
function checkExtent(text: string, start: number, end: number): void {
  if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end > start && end <= text.length)) {
    throw new HttpError(400, 'INVALID_SPAN', `a span needs 0 <= start < end <= ${text.length} (the text's length in UTF-16 code units)`);
  }
  const splits = (i: number) => i > 0 && i < text.length && /[\uDC00-\uDFFF]/.test(text[i]) && /[\uD800-\uDBFF]/.test(text[i - 1]);
  if (splits(start) || splits(end)) throw new HttpError(400, 'INVALID_SPAN', 'a span boundary falls inside a character (between the halves of a surrogate pair)');
}

function spanOverlaps(a: { start: number; end: number }, list: ReadonlyArray<{ start: number; end: number }>): boolean {
  return list.some((b) => a.start < b.end && b.start < a.end);
}

type Params = { projectId?: string; documentId?: string; reviewer?: string; spanId?: string };

export function registerReviewRoutes({ add, config }: RouteContext): void {
  const { store, engine, maxBytes } = config;
  const maxDocuments = config.maxDocuments ?? 10_000;

  const project = async (id: string) => {
    const found = await store.getProject(id);
    if (!found) throw new HttpError(404, 'NOT_FOUND', 'no such project');
    return found;
  };
  const documentOf = async (id: string) => {
    const found = await store.getDocument(id);
    if (!found) throw new HttpError(404, 'NOT_FOUND', 'no such document');
    return found;
  };
  const reviewOf = async (documentId: string, reviewer: string) => {
    const found = await store.getReview(documentId, reviewer);
    if (!found) throw new HttpError(404, 'NOT_FOUND', 'this reviewer has not started this document (POST the review first)');
    return found;
  };

  /** Recomputes the identifiability of the reviewer's spans after a change; a failure is reported, the change stays. */
  const reassess = async (document: DocumentRecord, reviewer: string): Promise<ReviewView> => {
    const review = await reviewOf(document.id, reviewer);
    const live = review.spans.filter((s) => s.status !== 'rejected');
    let warning: string | undefined;
    try {
      const results = await engine.identifiability(
        document.text,
        live.map((s) => ({ start: s.start, end: s.end, label: s.label })),
      );
      await store.setIdentifiability(
        document.id,
        reviewer,
        live.map((s, i) => ({ id: s.id, identifying: results[i]?.identifying ?? null, identifyingInCombination: results[i]?.identifyingInCombination ?? null })),
      );
    } catch (err) {
      warning = `identifiability not updated: ${err instanceof Error && (err as { printable?: boolean }).printable ? err.message : 'engine error'}`;
    }
    let updated = await reviewOf(document.id, reviewer);
    if (updated.status === 'done' && updated.spans.some((s) => s.status === 'pending')) {
      await store.setReviewStatus(document.id, reviewer, 'in_progress');
      updated = await reviewOf(document.id, reviewer);
    }
    return view(updated, warning);
  };

  add({ method: 'GET', url: '/api/labels', summary: 'the categories, their significance and description', tag: 'review' }, async () =>
    ALL_LABELS.map((label) => ({ label, significance: TAXONOMY[label].significance, description: TAXONOMY[label].description })),
  );

  add({ method: 'GET', url: '/api/projects', summary: 'projects, with their document count and progress per reviewer', tag: 'review' }, async () => {
    const projects = await store.listProjects();
    const counts = await store.documentCounts();
    return Promise.all(projects.map(async (p) => ({ ...p, documents: counts.get(p.id) ?? 0, progress: await store.progress(p.id) })));
  });

  add({ method: 'POST', url: '/api/projects', summary: 'creates a project', tag: 'review', body: S.createProjectBody }, async (request) => {
    const { name } = request.body as { name: string };
    if (!name.trim()) throw new HttpError(400, 'INVALID_REQUEST', 'body/name is blank');
    return store.createProject(name.trim());
  });

  add({ method: 'GET', url: '/api/projects/:projectId', summary: 'a project: its documents (without text), their reviews and progress per reviewer', tag: 'review', params: S.projectParams }, async (request) => {
    const { projectId } = request.params as Params;
    const p = await project(projectId!);
    return { ...p, documents: await store.listDocuments(p.id), progress: await store.progress(p.id) };
  });

  add({ method: 'DELETE', url: '/api/projects/:projectId', summary: 'deletes a project, its documents and reviews', tag: 'review', params: S.projectParams }, async (request) => {
    const { projectId } = request.params as Params;
    if (!(await store.deleteProject(projectId!))) throw new HttpError(404, 'NOT_FOUND', 'no such project');
    return { deleted: true };
  });

  add(
    { method: 'POST', url: '/api/projects/:projectId/documents', summary: 'uploads a file: .txt, benchmark .jsonl, TAB .json or CoNLL; Splice suggests spans', tag: 'review', params: S.projectParams, body: S.uploadBody },
    async (request) => {
      const { projectId } = request.params as Params;
      const body = request.body as { filename: string; content: string; engine?: boolean; annotator?: string };
      const p = await project(projectId!);
      const parsed = parseUpload(body.filename, body.content, { annotator: body.annotator, maxBytes, maxDocuments });
      const runEngine = body.engine !== false;
      const documents = await mapLimit(parsed.documents, 4, async (doc) => {
        const imported: NewSpan[] = doc.spans.map((s) => ({ start: s.start, end: s.end, label: s.label, origin: 'import', identifierType: s.identifierType ?? null }));
        let suggestions: NewSpan[] = imported;
        if (runEngine) {
          const found = await engine.detect(doc.text);
          const fromEngine: NewSpan[] = found
            .filter((s) => !spanOverlaps(s, imported))
            .map((s) => ({ start: s.start, end: s.end, label: s.label, origin: 'engine', score: s.score, source: s.source, identifying: s.identifying ?? null, identifyingInCombination: s.identifyingInCombination ?? null }));
          suggestions = [...imported, ...fromEngine].sort((a, b) => a.start - b.start || a.end - b.end);
        }
        if (imported.length > 0 && suggestions.length > 0) {
          // Imported spans are assessed with the engine's, as one document.
          const results = await engine.identifiability(doc.text, suggestions);
          suggestions.forEach((s, i) => {
            s.identifying = results[i]?.identifying ?? null;
            s.identifyingInCombination = results[i]?.identifyingInCombination ?? null;
          });
        }
        return { name: doc.name, domain: doc.domain ?? null, text: doc.text, format: parsed.format, suggestions };
      });
      const created = await store.addDocuments(p.id, documents);
      return { format: parsed.format, added: created.length, documents: created.map((d) => ({ id: d.id, name: d.name })), warnings: parsed.warnings };
    },
  );

  add({ method: 'GET', url: '/api/documents/:documentId', summary: 'a document with its text, neighbours and reviews', tag: 'review', params: S.documentParams }, async (request) => {
    const { documentId } = request.params as Params;
    const document = await documentOf(documentId!);
    const p = await project(document.projectId);
    const { previous, next } = await store.neighbours(document);
    const reviews = (await store.projectReviews(p.id)).filter((r) => r.documentId === document.id).map((r) => ({ reviewer: r.reviewer, status: r.status, updatedAt: r.updatedAt }));
    return { ...document, project: { id: p.id, name: p.name }, previous, next, reviews, suggestions: (await store.suggestions(document.id)).length };
  });

  add(
    { method: 'POST', url: '/api/documents/:documentId/reviews/:reviewer', summary: "starts (or returns) this reviewer's review: the suggestions, all pending", tag: 'review', params: S.reviewParams, response: S.reviewResponse },
    async (request) => {
      const { documentId, reviewer } = request.params as Params;
      const document = await documentOf(documentId!);
      return view(await store.startReview(document.id, reviewer!));
    },
  );

  add({ method: 'GET', url: '/api/documents/:documentId/reviews/:reviewer', summary: "this reviewer's review of the document", tag: 'review', params: S.reviewParams, response: S.reviewResponse }, async (request) => {
    const { documentId, reviewer } = request.params as Params;
    return view(await reviewOf(documentId!, reviewer!));
  });

  add(
    { method: 'POST', url: '/api/documents/:documentId/reviews/:reviewer/spans', summary: 'adds a span (accepted)', tag: 'review', params: S.reviewParams, body: S.addSpanBody, response: S.reviewResponse },
    async (request) => {
      const { documentId, reviewer } = request.params as Params;
      const body = request.body as { start: number; end: number; label: string };
      const document = await documentOf(documentId!);
      await reviewOf(document.id, reviewer!);
      checkExtent(document.text, body.start, body.end);
      await store.addSpan(document.id, reviewer!, { start: body.start, end: body.end, label: body.label, origin: 'reviewer', status: 'accepted' });
      return reassess(document, reviewer!);
    },
  );

  add(
    { method: 'PATCH', url: '/api/documents/:documentId/reviews/:reviewer/spans/:spanId', summary: 'accepts, rejects, relabels or resizes a span', tag: 'review', params: S.spanParams, body: S.patchSpanBody, response: S.reviewResponse },
    async (request) => {
      const { documentId, reviewer, spanId } = request.params as Params;
      const patch = request.body as SpanPatch;
      const document = await documentOf(documentId!);
      const review = await reviewOf(document.id, reviewer!);
      const current = review.spans.find((s) => s.id === spanId);
      if (!current) throw new HttpError(404, 'NOT_FOUND', 'no such span in this review');
      checkExtent(document.text, patch.start ?? current.start, patch.end ?? current.end);
      await store.updateSpan(document.id, reviewer!, spanId!, patch);
      return reassess(document, reviewer!);
    },
  );

  add(
    { method: 'POST', url: '/api/documents/:documentId/reviews/:reviewer/accept-all', summary: 'accepts every pending span', tag: 'review', params: S.reviewParams, response: S.reviewResponse },
    async (request) => {
      const { documentId, reviewer } = request.params as Params;
      const document = await documentOf(documentId!);
      await reviewOf(document.id, reviewer!);
      await store.acceptPending(document.id, reviewer!);
      return reassess(document, reviewer!);
    },
  );

  add(
    { method: 'PUT', url: '/api/documents/:documentId/reviews/:reviewer/status', summary: 'marks the review done (no pending span left) or in progress', tag: 'review', params: S.reviewParams, body: S.reviewStatusBody, response: S.reviewResponse },
    async (request) => {
      const { documentId, reviewer } = request.params as Params;
      const { status } = request.body as { status: ReviewStatus };
      const review = await reviewOf(documentId!, reviewer!);
      const pending = review.spans.filter((s) => s.status === 'pending').length;
      if (status === 'done' && pending > 0) throw new HttpError(409, 'PENDING_SPANS', `${pending} span(s) still pending: accept or reject them first`);
      await store.setReviewStatus(documentId!, reviewer!, status);
      return view(await reviewOf(documentId!, reviewer!));
    },
  );

  const redactedText = async (document: DocumentRecord, review: ReviewRecord) => engine.redactSpans(document.text, mergeForRedaction(acceptedSpans(review)));

  add(
    { method: 'GET', url: '/api/documents/:documentId/reviews/:reviewer/redacted', summary: "the document redacted with this reviewer's accepted spans", tag: 'review', params: S.reviewParams, responseType: 'text/plain' },
    async (request, reply) => {
      const { documentId, reviewer } = request.params as Params;
      const document = await documentOf(documentId!);
      const text = await redactedText(document, await reviewOf(document.id, reviewer!));
      reply.type('text/plain; charset=utf-8');
      return text;
    },
  );

  /** The project's reviews (of one reviewer when given) with their documents, in document order. */
  const reviewed = async (projectId: string, reviewer: string | undefined, scope: string): Promise<ReviewedDocument[]> => {
    const reviews = (await store.projectReviews(projectId, reviewer)).filter((r) => scope === 'all' || r.status === 'done');
    const out: ReviewedDocument[] = [];
    for (const review of reviews) {
      const last = out[out.length - 1];
      if (last && last.document.id === review.documentId) last.reviews.push(review);
      else out.push({ document: await documentOf(review.documentId), reviews: [review] });
    }
    return out;
  };

  add(
    { method: 'GET', url: '/api/projects/:projectId/export', summary: 'exports annotations (benchmark JSONL, TAB JSON, Label Studio JSON) or redacted texts (JSONL)', tag: 'review', params: S.projectParams, querystring: S.exportQuery, responseType: 'application/octet-stream' },
    async (request, reply) => {
      const { projectId } = request.params as Params;
      const query = request.query as { format: ExportFormat; reviewer?: string; documents?: string };
      const p = await project(projectId!);
      if ((query.format === 'jsonl' || query.format === 'redacted') && !query.reviewer) {
        throw new HttpError(400, 'INVALID_REQUEST', `querystring/reviewer is required for format ${query.format} (one reviewer's annotations per document)`);
      }
      const items = await reviewed(p.id, query.reviewer, query.documents ?? 'done');
      const base = `${p.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'project'}${query.reviewer ? `-${query.reviewer.replace(/[^A-Za-z0-9._-]+/g, '-')}` : ''}`;
      let body: string;
      let filename: string;
      let type: string;
      switch (query.format) {
        case 'jsonl':
          body = benchmarkJsonl(items);
          filename = `${base}.jsonl`;
          type = 'application/x-ndjson';
          break;
        case 'tab':
          body = tabJson(items);
          filename = `${base}.tab.json`;
          type = 'application/json';
          break;
        case 'labelstudio':
          body = labelStudioJson(items);
          filename = `${base}.labelstudio.json`;
          type = 'application/json';
          break;
        case 'redacted': {
          const lines = await mapLimit(items, 4, async ({ document, reviews }) => JSON.stringify({ id: document.name, text: await redactedText(document, reviews[0]) }));
          body = lines.length ? `${lines.join('\n')}\n` : '';
          filename = `${base}.redacted.jsonl`;
          type = 'application/x-ndjson';
          break;
        }
      }
      reply.header('content-disposition', `attachment; filename="${filename}"`).type(`${type}; charset=utf-8`);
      return body;
    },
  );

  add(
    { method: 'GET', url: '/api/projects/:projectId/agreement', summary: "agreement of two reviewers on the documents both reviewed: span-level and token-level Cohen's kappa, F1, disagreements", tag: 'review', params: S.projectParams, querystring: S.agreementQuery },
    async (request) => {
      const { projectId } = request.params as Params;
      const query = request.query as { a: string; b: string; documents?: string };
      if (query.a === query.b) throw new HttpError(400, 'INVALID_REQUEST', 'choose two different reviewers');
      const p = await project(projectId!);
      const items = await reviewed(p.id, undefined, query.documents ?? 'done');
      const documents: AgreementDocument[] = [];
      for (const { document, reviews } of items) {
        const a = reviews.find((r) => r.reviewer === query.a);
        const b = reviews.find((r) => r.reviewer === query.b);
        if (!a || !b) continue;
        const spans = (r: ReviewRecord) => acceptedSpans(r).map((s) => ({ start: s.start, end: s.end, label: s.label }));
        documents.push({ id: document.id, name: document.name, text: document.text, a: spans(a), b: spans(b) });
      }
      return { a: query.a, b: query.b, ...agreement(documents) };
    },
  );
}
