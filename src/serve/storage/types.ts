/**
 * What the review app stores: projects of documents, the spans Splice (or an
 * imported annotation file) suggested for each document, and each reviewer's
 * decisions. Offsets are UTF-16 indices into the document text, end exclusive.
 *
 * Two implementations share one SQL layer (sql-store.ts): an embedded SQLite
 * database (sql.js, persisted to a file) and PostgreSQL (pg).
 */

export type SpanStatus = 'pending' | 'accepted' | 'rejected';
/** Where a span came from: Splice's engine, an imported annotation file, or a reviewer. */
export type SpanOrigin = 'engine' | 'import' | 'reviewer';
export type ReviewStatus = 'in_progress' | 'done';

export const SPAN_STATUSES: readonly SpanStatus[] = ['pending', 'accepted', 'rejected'];
export const REVIEW_STATUSES: readonly ReviewStatus[] = ['in_progress', 'done'];

/** A span to store. */
export interface NewSpan {
  start: number;
  end: number;
  label: string;
  status?: SpanStatus;
  origin: SpanOrigin;
  score?: number | null;
  source?: string | null;
  identifying?: boolean | null;
  identifyingInCombination?: boolean | null;
  /** TAB's masking decision when imported from a TAB file (DIRECT, QUASI, NO_MASK). */
  identifierType?: string | null;
}

export interface StoredSpan {
  id: string;
  start: number;
  end: number;
  label: string;
  status: SpanStatus;
  origin: SpanOrigin;
  score: number | null;
  source: string | null;
  identifying: boolean | null;
  identifyingInCombination: boolean | null;
  identifierType: string | null;
}

export interface SpanPatch {
  start?: number;
  end?: number;
  label?: string;
  status?: SpanStatus;
}

export interface ProjectRecord {
  id: string;
  name: string;
  createdAt: string;
}

export interface NewDocument {
  /** The document's id in the file it came from (or the file name); unique within a project. */
  name: string;
  domain?: string | null;
  text: string;
  /** text | splice | tab | conll */
  format: string;
  suggestions: NewSpan[];
}

export interface DocumentRecord {
  id: string;
  projectId: string;
  position: number;
  name: string;
  domain: string | null;
  text: string;
  format: string;
  createdAt: string;
}

export interface ReviewSummary {
  reviewer: string;
  status: ReviewStatus;
  updatedAt: string;
}

/** A document without its text, as listed in a project. */
export interface DocumentSummary {
  id: string;
  position: number;
  name: string;
  domain: string | null;
  format: string;
  length: number;
  suggestions: number;
  reviews: ReviewSummary[];
}

export interface ReviewRecord {
  documentId: string;
  reviewer: string;
  status: ReviewStatus;
  updatedAt: string;
  spans: StoredSpan[];
}

/** Per reviewer: how far the project is. */
export interface ReviewerProgress {
  reviewer: string;
  documentsDone: number;
  documentsInProgress: number;
  spansAccepted: number;
  spansRejected: number;
  spansPending: number;
}

export interface IdentifiabilityUpdate {
  id: string;
  identifying: boolean | null;
  identifyingInCombination: boolean | null;
}

export interface ReviewStore {
  /** 'sqlite' or 'postgres', for messages. */
  readonly kind: string;
  init(): Promise<void>;
  close(): Promise<void>;

  createProject(name: string): Promise<ProjectRecord>;
  listProjects(): Promise<ProjectRecord[]>;
  getProject(id: string): Promise<ProjectRecord | null>;
  deleteProject(id: string): Promise<boolean>;

  /** Adds documents at the end of the project, in one transaction; throws DuplicateNameError when a name is taken. */
  addDocuments(projectId: string, documents: NewDocument[]): Promise<DocumentRecord[]>;
  listDocuments(projectId: string): Promise<DocumentSummary[]>;
  getDocument(id: string): Promise<DocumentRecord | null>;
  /** The documents before and after this one in its project (null at either end). */
  neighbours(document: DocumentRecord): Promise<{ previous: string | null; next: string | null }>;
  suggestions(documentId: string): Promise<StoredSpan[]>;

  getReview(documentId: string, reviewer: string): Promise<ReviewRecord | null>;
  /** The reviewer's review of the document, created from the suggestions (all pending) the first time. */
  startReview(documentId: string, reviewer: string): Promise<ReviewRecord>;
  addSpan(documentId: string, reviewer: string, span: NewSpan): Promise<StoredSpan>;
  updateSpan(documentId: string, reviewer: string, spanId: string, patch: SpanPatch): Promise<StoredSpan | null>;
  setIdentifiability(documentId: string, reviewer: string, updates: IdentifiabilityUpdate[]): Promise<void>;
  /** Accepts every pending span; returns how many. */
  acceptPending(documentId: string, reviewer: string): Promise<number>;
  setReviewStatus(documentId: string, reviewer: string, status: ReviewStatus): Promise<void>;

  /** Every review of the project's documents (of one reviewer when given), spans included, in document order. */
  projectReviews(projectId: string, reviewer?: string): Promise<ReviewRecord[]>;
  progress(projectId: string): Promise<ReviewerProgress[]>;
  /** Document count per project. */
  documentCounts(): Promise<Map<string, number>>;
}

/** A document name already used in the project (names are the ids written by the exports). */
export class DuplicateNameError extends Error {
  constructor(readonly names: string[]) {
    super(`${names.length} document id(s) already exist in this project (ids must be unique: they are written by the exports)`);
    this.name = 'DuplicateNameError';
  }
}
