import type { FieldConfigData, FieldDef, SuccessReply } from '@gk/contracts';
import { configurableFields, defaultListFields, type ListResource } from '@gk/contracts/list';
import { useQuery } from '@tanstack/react-query';
import { earlyKey, takeEarly } from '../../api/early';
import { get } from '../../api/request';
import { fieldConfigEndpoints } from '../../api/shared.contracts';

/**
 * The user's list columns for a model type (SPEC point 7 "Field configuration"): GET
 * /KJ/GetUserTabFiledNameConfig?modelType= → baseFileds, sysFileds, selectFileds. The list follows the
 * saved choice; without one (or when the call fails) it shows the resource's default columns.
 */
export const fieldConfigKey = (modelType: string | undefined) => ['fieldConfig', modelType ?? ''] as const;

export async function fetchFieldConfig(modelType: string): Promise<FieldConfigData | null> {
  const path = fieldConfigEndpoints.get.path;
  // the entry's early request for it (app/firstList.ts), else this one
  const reply =
    (await takeEarly<SuccessReply<FieldConfigData>>(earlyKey('GET', path, { modelType }))) ??
    (await get<SuccessReply<FieldConfigData>>(path, { modelType }, { quiet: true }));
  if (reply && reply.success === false) throw new Error(reply.message);
  return reply?.data ?? null;
}

/** the query of a model type's columns: the list's and its preload's (components/list/useListController.ts) */
export const fieldConfigQuery = (modelType: string | undefined) => ({
  queryKey: fieldConfigKey(modelType),
  queryFn: () => fetchFieldConfig(modelType!),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function useFieldConfig(modelType: string | undefined) {
  return useQuery({ ...fieldConfigQuery(modelType), enabled: !!modelType });
}

/**
 * Fields a list may show as columns: the configurable ones except rich text (html never goes in a list)
 * and a code whose name is joined beside it (news `type` next to `typeName`: the list shows the name).
 */
export function listableFields(resource: ListResource): FieldDef[] {
  const namedCodes = new Set(resource.fields.filter((f) => f.join).map((f) => f.join!.via));
  return configurableFields(resource).filter((f) => f.type !== 'html' && !namedCodes.has(f.name));
}

export interface VisibleField {
  field: FieldDef;
  fixed: boolean;
}

/** The columns to show, in order (pinned first): the user's choice, else the configured defaults, else the resource's list fields. */
export function visibleFields(resource: ListResource, config: FieldConfigData | null | undefined): VisibleField[] {
  const known = new Map(listableFields(resource).map((f) => [f.name, f]));
  const chosen = (config?.selectFileds ?? []).filter((s) => known.has(s.field));
  if (chosen.length) {
    const list = chosen.map((s) => ({ field: known.get(s.field)!, fixed: Number(s.isFixed) === 1 }));
    // a pinned column sits at the left edge: pinned ones first, each group in the user's order
    return [...list.filter((v) => v.fixed), ...list.filter((v) => !v.fixed)];
  }
  const sys = (config?.sysFileds ?? []).filter((s) => known.has(s.field));
  if (sys.length) return sys.map((s) => ({ field: known.get(s.field)!, fixed: false }));
  return defaultListFields(resource)
    .filter((f) => known.has(f.name))
    .map((f) => ({ field: f, fixed: false }));
}
