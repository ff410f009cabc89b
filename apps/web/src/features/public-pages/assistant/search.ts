import { termsOf } from '../lib/synonyms.ts';

/** One answer the assistant can give: a titled passage and the page it comes from. */
export interface Passage {
  id: string;
  title: string;
  text: string;
  /** Internal path of the page that holds the passage, e.g. `/faq#price`. */
  link: string;
  /** Translation key (under `assistant:pages`) naming that page. */
  page: string;
}

export interface SearchResult {
  passage: Passage;
  score: number;
}

interface IndexedPassage {
  passage: Passage;
  titleTerms: Set<string>;
  textTerms: Set<string>;
}

export interface PassageIndex {
  passages: IndexedPassage[];
  /** Inverse document frequency of each term: rare terms weigh more. */
  idf: Map<string, number>;
}

const TITLE_WEIGHT = 2;
/** Share of the question's terms a passage must contain to count as an answer. */
const MIN_COVERAGE = 0.5;
const MIN_SCORE = 1;

export function buildIndex(passages: Passage[]): PassageIndex {
  const indexed = passages.map((passage) => ({
    passage,
    titleTerms: new Set(termsOf(passage.title)),
    textTerms: new Set(termsOf(passage.text)),
  }));
  const documentFrequency = new Map<string, number>();
  for (const { titleTerms, textTerms } of indexed) {
    for (const term of new Set([...titleTerms, ...textTerms])) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const idf = new Map<string, number>();
  for (const [term, count] of documentFrequency) {
    idf.set(term, Math.log(1 + indexed.length / count));
  }
  return { passages: indexed, idf };
}

/**
 * Ranks passages by the question's terms (synonyms collapsed, stop words dropped): a term in the
 * title counts double, rare terms count more, and a passage must hold at least half of the
 * question's known terms. Best first; empty when nothing answers.
 */
export function searchPassages(index: PassageIndex, question: string, limit = 3): SearchResult[] {
  const queryTerms = [...new Set(termsOf(question))];
  if (queryTerms.length === 0) return [];
  const results: SearchResult[] = [];
  for (const entry of index.passages) {
    let score = 0;
    let matched = 0;
    for (const term of queryTerms) {
      const weight = index.idf.get(term) ?? 0;
      if (entry.titleTerms.has(term)) score += TITLE_WEIGHT * weight;
      else if (entry.textTerms.has(term)) score += weight;
      else continue;
      matched += 1;
    }
    if (matched / queryTerms.length < MIN_COVERAGE || score < MIN_SCORE) continue;
    results.push({ passage: entry.passage, score: score * (matched / queryTerms.length) });
  }
  return results.sort((a, b) => b.score - a.score).slice(0, limit);
}
