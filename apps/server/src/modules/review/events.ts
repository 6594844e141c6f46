import type { ResourceDef } from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../context.js';
import type { Database } from '../../db/schema.js';

/**
 * What the review workflow tells the rest of the app (issue 27): a record submitted (`requested`: it now waits at
 * `level`) or decided (`decided`: approved at `level`, or rejected with the comment). Emitted inside the transaction
 * that records it; the notice module writes the notices (to who may review at that level / to the submitter), the
 * webhook events `review.requested` / `review.decided`, and tells the bells.
 */
export interface ReviewEvent {
  kind: 'requested' | 'decided';
  resource: ResourceDef;
  id: number;
  /** the record's title as its list shows it */
  title: string;
  /** requested: the level it now waits at; decided: the level decided */
  level: number;
  /** decided: `approved` (this level; `final` when no level is left) or `rejected` */
  decision?: 'approved' | 'rejected';
  final?: boolean;
  comment: string | null;
  /** who acted, and who submitted (the author the decision goes to) */
  actor: { id: number; userName: string; nickName: string | null };
  submitter: { id: number; userName: string } | null;
  trx: Transaction<Database>;
  req?: FastifyRequest;
}
export type ReviewListener = (event: ReviewEvent) => Promise<void> | void;

/** the users who may act at a level of a resource's record, and what waits for one user (the review module answers) */
export interface ReviewQueries {
  /** ids of enabled users holding the level's permission (and the record in their data scope), the submitter left out unless self-approval is on */
  reviewersOf(trx: Transaction<Database>, resource: ResourceDef, id: number, level: number): Promise<number[]>;
  /** how many records wait for this user's review (待我审核) */
  todoCount(userId: number): Promise<number>;
}

interface Registry {
  listeners: ReviewListener[];
  queries: ReviewQueries | null;
}
const registries = new WeakMap<Ctx, Registry>();
const of = (ctx: Ctx): Registry => {
  let r = registries.get(ctx);
  if (!r) {
    r = { listeners: [], queries: null };
    registries.set(ctx, r);
  }
  return r;
};

export function onReview(ctx: Ctx, listener: ReviewListener): void {
  of(ctx).listeners.push(listener);
}
/** called by the review module inside its transaction; a listener that throws rolls the step back */
export async function emitReview(ctx: Ctx, event: ReviewEvent): Promise<void> {
  for (const l of of(ctx).listeners) await l(event);
}
export function setReviewQueries(ctx: Ctx, queries: ReviewQueries): void {
  of(ctx).queries = queries;
}
/** null until the review module registered (a test app without it) */
export function reviewQueries(ctx: Ctx): ReviewQueries | null {
  return of(ctx).queries;
}
