import type { ResourceDef } from '@gk/contracts';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Ctx } from '../context.js';
import type { Database } from '../db/schema.js';
import type { AppError } from '../http/errors.js';
import type { Row } from './list.js';

/**
 * What must hold before a record goes on the site (issue 27): the review workflow (审核通过 first) and the content
 * checks (no 禁止 word) each register a gate; the one write path asks every gate:
 * - `save`: a save whose record is on the site or scheduled for it afterwards (a publishable record saved as
 *   published, or any save of a resource the site shows that is not publishable); a pending draft is not asked;
 * - `publish`: the publish call (its pending draft applied), after the change, before its event;
 * - `approve`: 审核通过 (the review module asks before recording it; its own gate answers nothing here);
 * - `release`: a release's record at its time (the release module asks every record first, collecting problems).
 * A gate answers the problem as the error the caller replies (its message names what is wrong, in the request's
 * language; without a request: zh), or null. Gates run inside the writing transaction: a refusal changes nothing.
 */
export type GateStage = 'save' | 'publish' | 'approve' | 'release';

export interface GateArgs {
  ctx: Ctx;
  trx: Transaction<Database>;
  def: ResourceDef;
  id: number;
  /** the record before the write (null: created) and as it is now written (as its get answers it) */
  before: Row | null;
  after: Row;
  req?: FastifyRequest;
  stage: GateStage;
}
export type PublishGate = (args: GateArgs) => Promise<AppError | null> | AppError | null;

const registry = new WeakMap<Ctx, PublishGate[]>();

/** adds a gate for this app (a module's `register`) */
export function addPublishGate(ctx: Ctx, gate: PublishGate): void {
  const list = registry.get(ctx) ?? [];
  list.push(gate);
  registry.set(ctx, list);
}

/** every gate's problem, in registration order (a release lists them all) */
export async function gateProblems(args: GateArgs): Promise<AppError[]> {
  const out: AppError[] = [];
  for (const gate of registry.get(args.ctx) ?? []) {
    const problem = await gate(args);
    if (problem) out.push(problem);
  }
  return out;
}

/** throws the first gate's problem (the write is rolled back) */
export async function assertGates(args: GateArgs): Promise<void> {
  for (const gate of registry.get(args.ctx) ?? []) {
    const problem = await gate(args);
    if (problem) throw problem;
  }
}

/** whether a save of `def` that leaves `after` so is going on the site (the `save` stage applies) */
export function goesLive(def: ResourceDef, after: Row): boolean {
  if (def.publishable) return after.status === 'published';
  return !!def.delivery;
}

/** what a save's reply carries besides the record (the content checks' `contentHits`): fields to add, or null */
export type SaveNote = (args: {
  ctx: Ctx;
  def: ResourceDef;
  record: Row;
  req: FastifyRequest;
}) => Promise<Record<string, unknown> | null> | Record<string, unknown> | null;

const notes = new WeakMap<Ctx, SaveNote[]>();

/** adds a note to every save reply of this app (a module's `register`) */
export function addSaveNote(ctx: Ctx, note: SaveNote): void {
  const list = notes.get(ctx) ?? [];
  list.push(note);
  notes.set(ctx, list);
}

/** the saved record as its save replies it: with every note's fields */
export async function withSaveNotes(ctx: Ctx, def: ResourceDef, record: Row, req: FastifyRequest): Promise<Row> {
  let out = record;
  for (const note of notes.get(ctx) ?? []) {
    const extra = await note({ ctx, def, record, req });
    if (extra) out = { ...out, ...extra };
  }
  return out;
}
