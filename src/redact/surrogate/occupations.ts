import { readDataJson } from '../../lexicons/data-files.js';
import { fold, occupationGroups, type Occupation } from './pools.js';

/**
 * Job titles and their occupation groups: a title's group is the SOC 2018 major
 * group of its head word (data/surrogates/occupation-groups.tsv: the keyword
 * that ends furthest right in the title wins, a longer one on a tie); the titles
 * of each group are the BLS job titles of data/assess-occupations.json, with
 * their headcounts (the share a group covers is what generalisation reports).
 */
export interface TitleGroup {
  group: Occupation;
  titles: string[];
  headcount: number;
}

let groups: Map<string, TitleGroup> | undefined;
let usPopulation = 340_000_000;

/** The occupation group of a job title, or undefined when no head word matches. */
export function occupationOf(title: string): Occupation | undefined {
  const words = ` ${fold(title).replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
  let best: { occ: Occupation; end: number; len: number } | undefined;
  for (const occ of occupationGroups()) {
    for (const k of occ.keywords) {
      const at = words.lastIndexOf(` ${k} `);
      if (at < 0) continue;
      const end = at + k.length;
      if (!best || end > best.end || (end === best.end && k.length > best.len)) best = { occ, end, len: k.length };
    }
  }
  return best?.occ;
}

export function titleGroups(): Map<string, TitleGroup> {
  if (groups) return groups;
  const data = readDataJson<{ usPopulation: number; occupations: Array<[number, string[]]> }>('assess-occupations.json');
  usPopulation = data.usPopulation;
  const map = new Map<string, TitleGroup>();
  for (const occ of occupationGroups()) map.set(occ.group, { group: occ, titles: [], headcount: 0 });
  for (const [headcount, titles] of data.occupations) {
    const occ = occupationOf(titles[0]);
    if (!occ) continue;
    const g = map.get(occ.group)!;
    g.headcount += headcount;
    for (const t of titles) if (t.length > 3 && /^[a-z][a-z' -]+$/.test(t)) g.titles.push(t);
  }
  groups = map;
  return map;
}

/** Share of the population in an occupation group, and in its broad group. */
export function groupShare(occ: Occupation, broad = false): number {
  const all = titleGroups();
  let count = 0;
  for (const g of all.values()) if (broad ? g.group.broad === occ.broad : g.group.group === occ.group) count += g.headcount;
  return Math.min(1, Math.max(count, 1) / usPopulation);
}
