import { updateAccount } from '@amicus/chatbot-api';
import { startTestChatbotApi } from '@amicus/chatbot-api/testing';
import { createApiClient } from './api-client.js';
import { diagnoseMiss, type IndexedChunk } from './diagnose.js';
import type { Question, QuestionSet } from './question-set.js';
import { type SiteFigures, siteFigures } from './report.js';
import { failedResult, type QuestionResult, scoreAnswer, urlPath } from './scoring.js';
import { serveSite } from './static-site.js';

export interface RunSiteOptions {
  /** Absolute directory of the site to serve. */
  siteDir: string;
  legalAdvicePhrases: readonly string[];
  /** Ask only these questions (default: all). */
  filter?: (q: Question) => boolean;
  /** Questions whose answer also gets the chatbot-api's explanation (see api-client explain). */
  explain?: ReadonlySet<string>;
  onProgress?: (message: string) => void;
}

export interface SiteRun {
  figures: SiteFigures;
  results: QuestionResult[];
  crawl: { status: string; pagesCrawled: number | null; errors: { url: string; error: string }[] };
}

const NAMESPACE = 'general';

/**
 * One site, from nothing: serve it on loopback, start a fresh chatbot-api, crawl the site over HTTP
 * (robots.txt respected, as for a customer), then ask every question in its own conversation.
 */
export async function runSite(set: QuestionSet, opts: RunSiteOptions): Promise<SiteRun> {
  const progress = opts.onProgress ?? (() => {});
  const site = await serveSite(opts.siteDir);
  const api = await startTestChatbotApi({ crawlAllowHosts: ['127.0.0.1'] });
  try {
    // The eval asks a few hundred questions a minute; the default account limits are for customers.
    updateAccount(api.deps.db, api.accountId, { rpmLimit: 1_000_000, dailyTokenQuota: 1_000_000_000 });
    const client = createApiClient({ baseUrl: api.url, chatKey: api.chatKey, ingestKey: api.ingestKey });

    progress(`${set.site}: crawling ${site.origin}/`);
    const jobId = await client.startCrawl({
      namespace: NAMESPACE,
      seedUrls: [`${site.origin}/`],
      maxPages: 500,
      maxDepth: 10,
      rateLimitRps: 10,
    });
    const job = await client.waitForCrawl(jobId);
    await api.idle();
    const documentUrls = await client.documentUrls(NAMESPACE);
    const indexedPaths = [...documentUrls.values()].map(urlPath);
    const disallowedIndexed = indexedPaths.filter((p) =>
      set.disallowedPaths.some((d) => p.startsWith(d)),
    ).length;
    progress(`${set.site}: crawl ${job.status}, ${documentUrls.size} documents; asking questions`);

    const ctx = {
      documentUrls,
      disallowedPaths: set.disallowedPaths,
      legalAdvicePhrases: opts.legalAdvicePhrases,
    };
    const chunkRows = api.deps.db.prepare(
      'SELECT chunk_index AS chunkIndex, heading_path AS headingPath, text FROM kb_chunks WHERE document_id = ? ORDER BY chunk_index',
    );
    const chunksOf = (documentId: string) => chunkRows.all(documentId) as IndexedChunk[];
    const questions = set.questions.filter(opts.filter ?? (() => true));
    const results: QuestionResult[] = [];
    for (const q of questions) {
      try {
        const conversation = await client.createConversation();
        let last = null;
        const messages: { role: 'user' | 'assistant'; content: string }[] = [];
        for (const turn of q.turns) {
          last = await client.ask(conversation, turn);
          messages.push({ role: 'user', content: turn }, { role: 'assistant', content: last.content ?? '' });
        }
        const result = last ? scoreAnswer(q, last, ctx) : failedResult(q, 'no turns');
        if (last && result.keyFact === false) {
          const { kind, ...detail } = diagnoseMiss(q, last, { documentUrls, chunksOf });
          result.miss = kind;
          if (detail.cited !== undefined) result.missDetail = detail;
        }
        if (opts.explain?.has(q.id)) result.explanation = await client.explain(messages.slice(0, -1));
        results.push(result);
      } catch (err) {
        results.push(failedResult(q, err instanceof Error ? err.message : String(err)));
      }
    }
    return {
      figures: siteFigures(set.site, set.heldout, results, {
        pages: documentUrls.size,
        disallowed: disallowedIndexed,
      }),
      results,
      crawl: { status: job.status, pagesCrawled: job.pages_crawled ?? null, errors: job.errors },
    };
  } finally {
    await api.close();
    await site.close();
  }
}
