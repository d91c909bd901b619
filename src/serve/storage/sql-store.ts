import { randomUUID } from 'node:crypto';
import type { SqlDriver, SqlParam, SqlQueryable, SqlRow } from './sql.js';
import {
  DuplicateNameError,
  type DocumentRecord,
  type DocumentSummary,
  type IdentifiabilityUpdate,
  type NewDocument,
  type NewSpan,
  type ProjectRecord,
  type ReviewRecord,
  type ReviewStatus,
  type ReviewStore,
  type ReviewSummary,
  type ReviewerProgress,
  type SpanOrigin,
  type SpanPatch,
  type SpanStatus,
  type StoredSpan,
} from './types.js';

/** Bumped when the tables change incompatibly; a database of another version is refused, never altered. */
export const SCHEMA_VERSION = '1';

/**
 * The schema, identical for SQLite and PostgreSQL (TEXT ids, INTEGER offsets,
 * booleans as 0/1). Suggestions are the spans of reviewer '' (the empty name is
 * never a reviewer). Tables are prefixed so that a team database can hold them
 * beside others.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS splice_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS splice_projects (id TEXT PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS splice_documents (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  domain TEXT,
  text TEXT NOT NULL,
  format TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (project_id, name)
);
CREATE INDEX IF NOT EXISTS splice_documents_by_project ON splice_documents (project_id, position);
CREATE TABLE IF NOT EXISTS splice_reviews (
  document_id TEXT NOT NULL,
  reviewer TEXT NOT NULL,
  status TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (document_id, reviewer)
);
CREATE TABLE IF NOT EXISTS splice_spans (
  id TEXT PRIMARY KEY,
  document_id TEXT NOT NULL,
  reviewer TEXT NOT NULL,
  start_offset INTEGER NOT NULL,
  end_offset INTEGER NOT NULL,
  label TEXT NOT NULL,
  status TEXT NOT NULL,
  origin TEXT NOT NULL,
  score DOUBLE PRECISION,
  source TEXT,
  identifying INTEGER,
  identifying_in_combination INTEGER,
  identifier_type TEXT
);
CREATE INDEX IF NOT EXISTS splice_spans_by_review ON splice_spans (document_id, reviewer, start_offset);
`;

const SUGGESTIONS = '';
const SPAN_COLUMNS = 'id, document_id, reviewer, start_offset, end_offset, label, status, origin, score, source, identifying, identifying_in_combination, identifier_type';
/** Rows per multi-row INSERT (13 parameters each; well under SQLite's and PostgreSQL's limits). */
const INSERT_CHUNK = 50;

const now = () => new Date().toISOString();
const bool = (v: unknown): boolean | null => (v === null || v === undefined ? null : Number(v) !== 0);
const boolParam = (v: boolean | null | undefined): SqlParam => (v === null || v === undefined ? null : v ? 1 : 0);
const int = (v: unknown): number => Number(v ?? 0);

function toSpan(row: SqlRow): StoredSpan {
  return {
    id: String(row.id),
    start: int(row.start_offset),
    end: int(row.end_offset),
    label: String(row.label),
    status: row.status as SpanStatus,
    origin: row.origin as SpanOrigin,
    score: row.score === null || row.score === undefined ? null : Number(row.score),
    source: row.source === null || row.source === undefined ? null : String(row.source),
    identifying: bool(row.identifying),
    identifyingInCombination: bool(row.identifying_in_combination),
    identifierType: row.identifier_type === null || row.identifier_type === undefined ? null : String(row.identifier_type),
  };
}

function toDocument(row: SqlRow): DocumentRecord {
  return {
    id: String(row.id),
    projectId: String(row.project_id),
    position: int(row.position),
    name: String(row.name),
    domain: row.domain === null || row.domain === undefined ? null : String(row.domain),
    text: String(row.text),
    format: String(row.format),
    createdAt: String(row.created_at),
  };
}

function toProject(row: SqlRow): ProjectRecord {
  return { id: String(row.id), name: String(row.name), createdAt: String(row.created_at) };
}

function spanParams(documentId: string, reviewer: string, s: NewSpan, id = randomUUID()): SqlParam[] {
  return [
    id,
    documentId,
    reviewer,
    s.start,
    s.end,
    s.label,
    s.status ?? 'pending',
    s.origin,
    s.score ?? null,
    s.source ?? null,
    boolParam(s.identifying),
    boolParam(s.identifyingInCombination),
    s.identifierType ?? null,
  ];
}

async function insertSpans(q: SqlQueryable, documentId: string, reviewer: string, spans: readonly NewSpan[]): Promise<void> {
  for (let i = 0; i < spans.length; i += INSERT_CHUNK) {
    const chunk = spans.slice(i, i + INSERT_CHUNK);
    const values = chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
    await q.query(`INSERT INTO splice_spans (${SPAN_COLUMNS}) VALUES ${values}`, chunk.flatMap((s) => spanParams(documentId, reviewer, s)));
  }
}

/** The review store on any SqlDriver (SQLite through sql.js, or PostgreSQL). */
export class SqlReviewStore implements ReviewStore {
  constructor(private readonly db: SqlDriver) {}

  get kind(): string {
    return this.db.dialect;
  }

  async init(): Promise<void> {
    await this.db.execScript(SCHEMA);
    const rows = await this.db.query('SELECT value FROM splice_meta WHERE key = ?', ['schema']);
    if (rows.length === 0) {
      await this.db.query('INSERT INTO splice_meta (key, value) VALUES (?, ?)', ['schema', SCHEMA_VERSION]);
    } else if (String(rows[0].value) !== SCHEMA_VERSION) {
      throw new Error(`the review database has schema version ${String(rows[0].value)}; this Splice reads version ${SCHEMA_VERSION}`);
    }
  }

  close(): Promise<void> {
    return this.db.close();
  }

  async createProject(name: string): Promise<ProjectRecord> {
    const project: ProjectRecord = { id: randomUUID(), name, createdAt: now() };
    await this.db.query('INSERT INTO splice_projects (id, name, created_at) VALUES (?, ?, ?)', [project.id, project.name, project.createdAt]);
    return project;
  }

  async listProjects(): Promise<ProjectRecord[]> {
    return (await this.db.query('SELECT id, name, created_at FROM splice_projects ORDER BY created_at, id')).map(toProject);
  }

  async getProject(id: string): Promise<ProjectRecord | null> {
    const rows = await this.db.query('SELECT id, name, created_at FROM splice_projects WHERE id = ?', [id]);
    return rows.length ? toProject(rows[0]) : null;
  }

  async deleteProject(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const found = await tx.query('SELECT id FROM splice_projects WHERE id = ?', [id]);
      if (found.length === 0) return false;
      const inProject = 'SELECT id FROM splice_documents WHERE project_id = ?';
      await tx.query(`DELETE FROM splice_spans WHERE document_id IN (${inProject})`, [id]);
      await tx.query(`DELETE FROM splice_reviews WHERE document_id IN (${inProject})`, [id]);
      await tx.query('DELETE FROM splice_documents WHERE project_id = ?', [id]);
      await tx.query('DELETE FROM splice_projects WHERE id = ?', [id]);
      return true;
    });
  }

  async addDocuments(projectId: string, documents: NewDocument[]): Promise<DocumentRecord[]> {
    const names = documents.map((d) => d.name);
    const repeated = names.filter((n, i) => names.indexOf(n) !== i);
    if (repeated.length) throw new DuplicateNameError([...new Set(repeated)]);
    return this.db.transaction(async (tx) => {
      const existing = new Set((await tx.query('SELECT name FROM splice_documents WHERE project_id = ?', [projectId])).map((r) => String(r.name)));
      const taken = names.filter((n) => existing.has(n));
      if (taken.length) throw new DuplicateNameError(taken);
      const last = await tx.query('SELECT CAST(COALESCE(MAX(position), 0) AS INTEGER) AS last FROM splice_documents WHERE project_id = ?', [projectId]);
      let position = int(last[0]?.last);
      const created: DocumentRecord[] = [];
      for (const d of documents) {
        const record: DocumentRecord = {
          id: randomUUID(),
          projectId,
          position: ++position,
          name: d.name,
          domain: d.domain ?? null,
          text: d.text,
          format: d.format,
          createdAt: now(),
        };
        await tx.query('INSERT INTO splice_documents (id, project_id, position, name, domain, text, format, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
          record.id,
          projectId,
          record.position,
          record.name,
          record.domain,
          record.text,
          record.format,
          record.createdAt,
        ]);
        await insertSpans(tx, record.id, SUGGESTIONS, d.suggestions);
        created.push(record);
      }
      return created;
    });
  }

  async listDocuments(projectId: string): Promise<DocumentSummary[]> {
    const rows = await this.db.query(
      `SELECT d.id, d.position, d.name, d.domain, d.format, CAST(LENGTH(d.text) AS INTEGER) AS length,
        (SELECT CAST(COUNT(*) AS INTEGER) FROM splice_spans s WHERE s.document_id = d.id AND s.reviewer = ?) AS suggestions
       FROM splice_documents d WHERE d.project_id = ? ORDER BY d.position, d.name`,
      [SUGGESTIONS, projectId],
    );
    const reviews = await this.db.query(
      `SELECT r.document_id, r.reviewer, r.status, r.updated_at FROM splice_reviews r
       JOIN splice_documents d ON d.id = r.document_id WHERE d.project_id = ? ORDER BY r.reviewer`,
      [projectId],
    );
    const byDocument = new Map<string, ReviewSummary[]>();
    for (const r of reviews) {
      const list = byDocument.get(String(r.document_id)) ?? [];
      list.push({ reviewer: String(r.reviewer), status: r.status as ReviewStatus, updatedAt: String(r.updated_at) });
      byDocument.set(String(r.document_id), list);
    }
    return rows.map((r) => ({
      id: String(r.id),
      position: int(r.position),
      name: String(r.name),
      domain: r.domain === null || r.domain === undefined ? null : String(r.domain),
      format: String(r.format),
      length: int(r.length),
      suggestions: int(r.suggestions),
      reviews: byDocument.get(String(r.id)) ?? [],
    }));
  }

  async getDocument(id: string): Promise<DocumentRecord | null> {
    const rows = await this.db.query('SELECT id, project_id, position, name, domain, text, format, created_at FROM splice_documents WHERE id = ?', [id]);
    return rows.length ? toDocument(rows[0]) : null;
  }

  async neighbours(document: DocumentRecord): Promise<{ previous: string | null; next: string | null }> {
    const previous = await this.db.query(
      'SELECT id FROM splice_documents WHERE project_id = ? AND (position < ? OR (position = ? AND name < ?)) ORDER BY position DESC, name DESC LIMIT 1',
      [document.projectId, document.position, document.position, document.name],
    );
    const next = await this.db.query(
      'SELECT id FROM splice_documents WHERE project_id = ? AND (position > ? OR (position = ? AND name > ?)) ORDER BY position, name LIMIT 1',
      [document.projectId, document.position, document.position, document.name],
    );
    return { previous: previous.length ? String(previous[0].id) : null, next: next.length ? String(next[0].id) : null };
  }

  async suggestions(documentId: string): Promise<StoredSpan[]> {
    return this.spansOf(this.db, documentId, SUGGESTIONS);
  }

  private async spansOf(q: SqlQueryable, documentId: string, reviewer: string): Promise<StoredSpan[]> {
    const rows = await q.query(`SELECT ${SPAN_COLUMNS} FROM splice_spans WHERE document_id = ? AND reviewer = ? ORDER BY start_offset, end_offset, id`, [documentId, reviewer]);
    return rows.map(toSpan);
  }

  private async reviewOf(q: SqlQueryable, documentId: string, reviewer: string): Promise<ReviewRecord | null> {
    const rows = await q.query('SELECT status, updated_at FROM splice_reviews WHERE document_id = ? AND reviewer = ?', [documentId, reviewer]);
    if (rows.length === 0) return null;
    return { documentId, reviewer, status: rows[0].status as ReviewStatus, updatedAt: String(rows[0].updated_at), spans: await this.spansOf(q, documentId, reviewer) };
  }

  getReview(documentId: string, reviewer: string): Promise<ReviewRecord | null> {
    return this.reviewOf(this.db, documentId, reviewer);
  }

  async startReview(documentId: string, reviewer: string): Promise<ReviewRecord> {
    if (reviewer === SUGGESTIONS) throw new Error('a reviewer needs a name');
    return this.db.transaction(async (tx) => {
      const inserted = await tx.query(
        'INSERT INTO splice_reviews (document_id, reviewer, status, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (document_id, reviewer) DO NOTHING RETURNING document_id',
        [documentId, reviewer, 'in_progress', now()],
      );
      if (inserted.length > 0) {
        const suggestions = await this.spansOf(tx, documentId, SUGGESTIONS);
        await insertSpans(
          tx,
          documentId,
          reviewer,
          suggestions.map((s) => ({ ...s, status: 'pending' as const })),
        );
      }
      return (await this.reviewOf(tx, documentId, reviewer))!;
    });
  }

  private touch(q: SqlQueryable, documentId: string, reviewer: string): Promise<SqlRow[]> {
    return q.query('UPDATE splice_reviews SET updated_at = ? WHERE document_id = ? AND reviewer = ?', [now(), documentId, reviewer]);
  }

  async addSpan(documentId: string, reviewer: string, span: NewSpan): Promise<StoredSpan> {
    const id = randomUUID();
    await this.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO splice_spans (${SPAN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, spanParams(documentId, reviewer, span, id));
      await this.touch(tx, documentId, reviewer);
    });
    const rows = await this.db.query(`SELECT ${SPAN_COLUMNS} FROM splice_spans WHERE id = ?`, [id]);
    return toSpan(rows[0]);
  }

  async updateSpan(documentId: string, reviewer: string, spanId: string, patch: SpanPatch): Promise<StoredSpan | null> {
    return this.db.transaction(async (tx) => {
      const found = await tx.query(`SELECT ${SPAN_COLUMNS} FROM splice_spans WHERE id = ? AND document_id = ? AND reviewer = ?`, [spanId, documentId, reviewer]);
      if (found.length === 0) return null;
      const sets: string[] = [];
      const params: SqlParam[] = [];
      const set = (column: string, value: SqlParam) => {
        sets.push(`${column} = ?`);
        params.push(value);
      };
      if (patch.start !== undefined) set('start_offset', patch.start);
      if (patch.end !== undefined) set('end_offset', patch.end);
      if (patch.label !== undefined) set('label', patch.label);
      if (patch.status !== undefined) set('status', patch.status);
      if (patch.start !== undefined || patch.end !== undefined || patch.label !== undefined) {
        // A resized or relabelled span is the reviewer's; its imported masking decision no longer applies.
        set('identifier_type', null);
      }
      if (sets.length) {
        await tx.query(`UPDATE splice_spans SET ${sets.join(', ')} WHERE id = ?`, [...params, spanId]);
        await this.touch(tx, documentId, reviewer);
      }
      const rows = await tx.query(`SELECT ${SPAN_COLUMNS} FROM splice_spans WHERE id = ?`, [spanId]);
      return toSpan(rows[0]);
    });
  }

  async setIdentifiability(documentId: string, reviewer: string, updates: IdentifiabilityUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const u of updates) {
        await tx.query('UPDATE splice_spans SET identifying = ?, identifying_in_combination = ? WHERE id = ? AND document_id = ? AND reviewer = ?', [
          boolParam(u.identifying),
          boolParam(u.identifyingInCombination),
          u.id,
          documentId,
          reviewer,
        ]);
      }
    });
  }

  async acceptPending(documentId: string, reviewer: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const pending = await tx.query("SELECT CAST(COUNT(*) AS INTEGER) AS n FROM splice_spans WHERE document_id = ? AND reviewer = ? AND status = 'pending'", [documentId, reviewer]);
      const n = int(pending[0]?.n);
      if (n > 0) {
        await tx.query("UPDATE splice_spans SET status = 'accepted' WHERE document_id = ? AND reviewer = ? AND status = 'pending'", [documentId, reviewer]);
        await this.touch(tx, documentId, reviewer);
      }
      return n;
    });
  }

  async setReviewStatus(documentId: string, reviewer: string, status: ReviewStatus): Promise<void> {
    await this.db.query('UPDATE splice_reviews SET status = ?, updated_at = ? WHERE document_id = ? AND reviewer = ?', [status, now(), documentId, reviewer]);
  }

  async projectReviews(projectId: string, reviewer?: string): Promise<ReviewRecord[]> {
    const only = reviewer === undefined ? '' : ' AND r.reviewer = ?';
    const params: SqlParam[] = reviewer === undefined ? [projectId] : [projectId, reviewer];
    const reviews = await this.db.query(
      `SELECT r.document_id, r.reviewer, r.status, r.updated_at FROM splice_reviews r
       JOIN splice_documents d ON d.id = r.document_id WHERE d.project_id = ?${only} ORDER BY d.position, d.name, r.reviewer`,
      params,
    );
    const spans = await this.db.query(
      `SELECT ${SPAN_COLUMNS.split(', ')
        .map((c) => `s.${c}`)
        .join(', ')} FROM splice_spans s
       JOIN splice_documents d ON d.id = s.document_id
       WHERE d.project_id = ? AND s.reviewer <> ''${only.replace('r.', 's.')} ORDER BY s.start_offset, s.end_offset, s.id`,
      params,
    );
    const byReview = new Map<string, StoredSpan[]>();
    for (const row of spans) {
      const key = `${String(row.document_id)}\u0000${String(row.reviewer)}`;
      const list = byReview.get(key) ?? [];
      list.push(toSpan(row));
      byReview.set(key, list);
    }
    return reviews.map((r) => ({
      documentId: String(r.document_id),
      reviewer: String(r.reviewer),
      status: r.status as ReviewStatus,
      updatedAt: String(r.updated_at),
      spans: byReview.get(`${String(r.document_id)}\u0000${String(r.reviewer)}`) ?? [],
    }));
  }

  async progress(projectId: string): Promise<ReviewerProgress[]> {
    const reviews = await this.db.query(
      `SELECT r.reviewer,
        CAST(SUM(CASE WHEN r.status = 'done' THEN 1 ELSE 0 END) AS INTEGER) AS done,
        CAST(SUM(CASE WHEN r.status = 'in_progress' THEN 1 ELSE 0 END) AS INTEGER) AS in_progress
       FROM splice_reviews r JOIN splice_documents d ON d.id = r.document_id
       WHERE d.project_id = ? GROUP BY r.reviewer ORDER BY r.reviewer`,
      [projectId],
    );
    const spans = await this.db.query(
      `SELECT s.reviewer, s.status, CAST(COUNT(*) AS INTEGER) AS n FROM splice_spans s
       JOIN splice_documents d ON d.id = s.document_id
       WHERE d.project_id = ? AND s.reviewer <> '' GROUP BY s.reviewer, s.status`,
      [projectId],
    );
    return reviews.map((r) => {
      const count = (status: SpanStatus) => int(spans.find((s) => s.reviewer === r.reviewer && s.status === status)?.n);
      return {
        reviewer: String(r.reviewer),
        documentsDone: int(r.done),
        documentsInProgress: int(r.in_progress),
        spansAccepted: count('accepted'),
        spansRejected: count('rejected'),
        spansPending: count('pending'),
      };
    });
  }

  async documentCounts(): Promise<Map<string, number>> {
    const rows = await this.db.query('SELECT project_id, CAST(COUNT(*) AS INTEGER) AS n FROM splice_documents GROUP BY project_id');
    return new Map(rows.map((r) => [String(r.project_id), int(r.n)]));
  }
}
