import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DuplicateNameError, type NewSpan, type ReviewStore } from '../../src/serve/storage/types.js';

/**
 * The review store's behaviour, run against every implementation of the SQL
 * layer: SQLite through sql.js always, PostgreSQL where a local server can be
 * started (pg.test.ts). Texts are invented.
 */
export const NOTE_A = 'Dispatch note: Corin Halvorsen collected parcel 88-AX at the Elmbridge depot.';
export const NOTE_B = 'Reminder for Ilse Varga: dental check at Quayside Dental on 3 May.';

const span = (text: string, part: string, label: string, origin: NewSpan['origin'] = 'engine'): NewSpan => ({
  start: text.indexOf(part),
  end: text.indexOf(part) + part.length,
  label,
  origin,
  score: 0.9,
  source: 'test',
  identifying: label === 'PERSON_NAME',
  identifyingInCombination: true,
});

export function storeContract(kind: string, open: () => Promise<ReviewStore>, options: { skip?: string | false } = {}): void {
  test(`${kind}: projects, documents, suggestions, reviews, progress, export order and deletion`, { skip: options.skip, timeout: 120_000 }, async () => {
    const store = await open();
    try {
      const project = await store.createProject('Depot notes');
      assert.equal((await store.getProject(project.id))?.name, 'Depot notes');
      assert.ok((await store.listProjects()).some((p) => p.id === project.id));

      const [a, b] = await store.addDocuments(project.id, [
        { name: 'note-a', text: NOTE_A, format: 'text', suggestions: [span(NOTE_A, 'Corin Halvorsen', 'PERSON_NAME'), span(NOTE_A, 'Elmbridge', 'LOCATION')] },
        { name: 'note-b', domain: 'health', text: NOTE_B, format: 'splice', suggestions: [span(NOTE_B, 'Ilse Varga', 'PERSON_NAME', 'import')] },
      ]);
      assert.deepEqual([a.position, b.position], [1, 2]);
      await assert.rejects(store.addDocuments(project.id, [{ name: 'note-a', text: 'x', format: 'text', suggestions: [] }]), DuplicateNameError);
      assert.equal((await store.listDocuments(project.id)).length, 2, 'a refused upload adds nothing');

      const listed = await store.listDocuments(project.id);
      assert.deepEqual(
        listed.map((d) => [d.name, d.suggestions, d.length, d.domain]),
        [
          ['note-a', 2, NOTE_A.length, null],
          ['note-b', 1, NOTE_B.length, 'health'],
        ],
      );
      assert.deepEqual(await store.neighbours(a), { previous: null, next: b.id });
      assert.deepEqual(await store.neighbours(b), { previous: a.id, next: null });
      assert.equal((await store.getDocument(b.id))?.text, NOTE_B);

      // A review starts from the suggestions, all pending; starting again changes nothing.
      const review = await store.startReview(a.id, 'alice');
      assert.deepEqual(
        review.spans.map((s) => [NOTE_A.slice(s.start, s.end), s.label, s.status, s.origin, s.identifying]),
        [
          ['Corin Halvorsen', 'PERSON_NAME', 'pending', 'engine', true],
          ['Elmbridge', 'LOCATION', 'pending', 'engine', false],
        ],
      );
      assert.equal((await store.startReview(a.id, 'alice')).spans.length, 2);
      assert.equal(await store.getReview(a.id, 'bob'), null);

      const [name, place] = review.spans;
      const relabelled = await store.updateSpan(a.id, 'alice', place.id, { label: 'ADDRESS', status: 'accepted' });
      assert.equal(relabelled?.label, 'ADDRESS');
      assert.equal(relabelled?.status, 'accepted');
      const resized = await store.updateSpan(a.id, 'alice', name.id, { start: name.start + 6 });
      assert.equal(NOTE_A.slice(resized!.start, resized!.end), 'Halvorsen');
      assert.equal(await store.updateSpan(a.id, 'bob', name.id, { status: 'rejected' }), null, 'another reviewer cannot touch alice’s span');
      const added = await store.addSpan(a.id, 'alice', { ...span(NOTE_A, '88-AX', 'ID_NUMBER', 'reviewer'), status: 'accepted' });
      assert.equal(added.origin, 'reviewer');
      await store.setIdentifiability(a.id, 'alice', [{ id: added.id, identifying: false, identifyingInCombination: true }]);
      assert.equal(await store.acceptPending(a.id, 'alice'), 1);
      await store.setReviewStatus(a.id, 'alice', 'done');

      const final = await store.getReview(a.id, 'alice');
      assert.equal(final?.status, 'done');
      assert.deepEqual(
        final!.spans.map((s) => [NOTE_A.slice(s.start, s.end), s.label, s.status, s.identifying]),
        [
          ['Halvorsen', 'PERSON_NAME', 'accepted', true],
          ['88-AX', 'ID_NUMBER', 'accepted', false],
          ['Elmbridge', 'ADDRESS', 'accepted', false],
        ],
      );
      // The suggestions themselves are untouched by a review.
      assert.deepEqual((await store.suggestions(a.id)).map((s) => [s.label, s.status]), [
        ['PERSON_NAME', 'pending'],
        ['LOCATION', 'pending'],
      ]);

      await store.startReview(b.id, 'bob');
      const bobReview = await store.getReview(b.id, 'bob');
      await store.updateSpan(b.id, 'bob', bobReview!.spans[0].id, { status: 'rejected' });
      const progress = await store.progress(project.id);
      assert.deepEqual(progress, [
        { reviewer: 'alice', documentsDone: 1, documentsInProgress: 0, spansAccepted: 3, spansRejected: 0, spansPending: 0 },
        { reviewer: 'bob', documentsDone: 0, documentsInProgress: 1, spansAccepted: 0, spansRejected: 1, spansPending: 0 },
      ]);
      const reviews = await store.projectReviews(project.id);
      assert.deepEqual(
        reviews.map((r) => [r.documentId, r.reviewer, r.spans.length]),
        [
          [a.id, 'alice', 3],
          [b.id, 'bob', 1],
        ],
      );
      assert.deepEqual((await store.projectReviews(project.id, 'bob')).map((r) => r.reviewer), ['bob']);
      assert.equal((await store.documentCounts()).get(project.id), 2);

      assert.equal(await store.deleteProject(project.id), true);
      assert.equal(await store.getProject(project.id), null);
      assert.equal(await store.getDocument(a.id), null);
      assert.equal(await store.getReview(a.id, 'alice'), null);
      assert.equal(await store.deleteProject(project.id), false);
    } finally {
      await store.close();
    }
  });
}
