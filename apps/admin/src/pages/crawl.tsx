import { CRAWL_LIMITS, DEFAULT_NAMESPACE } from '@amicus/contract';
import { useState } from 'preact/hooks';
import { AdminApiError, describeError } from '../api/errors.js';
import { useServices } from '../app-context.js';
import { CheckboxField, TextArea, TextField } from '../components/field.js';
import { NamespacePicker } from '../components/namespace-picker.js';
import { jobHref } from '../routing/routes.js';
import { navigate } from '../routing/use-route.js';
import {
  type CrawlErrors,
  type CrawlField,
  type CrawlForm,
  defaultCrawlForm,
  validateCrawl,
} from '../validation/crawl-rules.js';

const { maxPages, maxDepth, rateLimitRps, seedUrls } = CRAWL_LIMITS;

/** Maps the API's `param` (`seed_urls[2]`, `max_pages`…) to the form field it belongs to. */
const PARAM_FIELDS: Record<string, CrawlField> = {
  namespace: 'namespace',
  seed_urls: 'seedUrls',
  allowed_domains: 'allowedDomains',
  max_pages: 'maxPages',
  max_depth: 'maxDepth',
  rate_limit_rps: 'rateLimitRps',
};

const ORDER: CrawlField[] = [
  'namespace',
  'seedUrls',
  'allowedDomains',
  'maxPages',
  'maxDepth',
  'rateLimitRps',
];
const INPUT_IDS: Record<CrawlField, string> = {
  namespace: 'crawl-ns-new',
  seedUrls: 'crawl-seeds',
  allowedDomains: 'crawl-domains',
  maxPages: 'crawl-pages',
  maxDepth: 'crawl-depth',
  rateLimitRps: 'crawl-rps',
};

export function CrawlPage() {
  const { api, tracker } = useServices();
  const [form, setForm] = useState<CrawlForm>(() => defaultCrawlForm(DEFAULT_NAMESPACE));
  const [errors, setErrors] = useState<CrawlErrors>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const set =
    <K extends keyof CrawlForm>(key: K) =>
    (v: CrawlForm[K]) => {
      const next = { ...form, [key]: v };
      setForm(next);
      // After a first submit, errors follow the typing so a fixed field clears at once.
      if (tried) setErrors(validateCrawl(next).errors);
    };

  function focusFirstError(errs: CrawlErrors) {
    const first = ORDER.find((f) => errs[f]);
    if (!first) return;
    const el =
      document.getElementById(INPUT_IDS[first]) ??
      (first === 'namespace' ? document.getElementById('crawl-ns-select') : null);
    el?.focus();
  }

  async function submit(e: Event) {
    e.preventDefault();
    setTried(true);
    const { errors: errs, request } = validateCrawl(form);
    setErrors(errs);
    if (!request) {
      setMessage('Some fields need attention; see the messages below each field.');
      focusFirstError(errs);
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const job = await api.startCrawl(request);
      tracker.upsert(job);
      navigate(jobHref('crawl', job.id));
    } catch (err) {
      setBusy(false);
      const field =
        err instanceof AdminApiError && err.param
          ? PARAM_FIELDS[err.param.replace(/\[\d+\]$/, '')]
          : undefined;
      if (field) {
        const next = { ...errs, [field]: describeError(err) };
        setErrors(next);
        focusFirstError(next);
        setMessage('The server refused the crawl; see the message below the field.');
      } else {
        setMessage(`The crawl could not start: ${describeError(err)}`);
      }
    }
  }

  return (
    <>
      <h1 tabIndex={-1}>Crawl a website</h1>
      <p>
        The crawler visits the start addresses, follows their links within the allowed domains and adds each
        page to the knowledge base. A crawl may run for at most 10 minutes; then it stops and is marked
        failed.
      </p>
      <form onSubmit={submit} noValidate>
        <NamespacePicker
          id="crawl-ns"
          value={form.namespace}
          onValue={set('namespace')}
          showErrors={tried}
          error={errors.namespace}
        />
        <TextArea
          id="crawl-seeds"
          label="Start addresses"
          required
          rows={4}
          value={form.seedUrls}
          onValue={set('seedUrls')}
          placeholder="https://www.court.example.gov/"
          help={`One full address per line (starting with https:// or http://), from ${seedUrls.min} to ${seedUrls.max}. Addresses must be public web pages.`}
          error={errors.seedUrls}
        />
        <TextArea
          id="crawl-domains"
          label="Allowed domains (optional)"
          rows={2}
          value={form.allowedDomains}
          onValue={set('allowedDomains')}
          placeholder="www.court.example.gov"
          help="Domain names only (like www.court.example.gov), one per line; their sub-domains are included. Links to any other domain are not followed and are listed as skipped. Leave empty to stay on the domains of the start addresses."
          error={errors.allowedDomains}
        />
        <TextField
          id="crawl-pages"
          label="Page limit"
          inputMode="numeric"
          value={form.maxPages}
          onValue={set('maxPages')}
          help={`The most addresses this crawl fetches in total, start pages included (${maxPages.min} to ${maxPages.max}, default ${maxPages.default}). Every fetch counts, even one that fails (such as a page not found); addresses skipped without fetching (robots.txt, other domains) do not. When the limit is reached the crawl stops, even if links remain.`}
          error={errors.maxPages}
        />
        <TextField
          id="crawl-depth"
          label="Link depth"
          inputMode="numeric"
          value={form.maxDepth}
          onValue={set('maxDepth')}
          help={
            <>
              How many links away from a start address the crawler may go ({maxDepth.min} to {maxDepth.max},
              default {maxDepth.default}). The start pages are depth 0; pages they link to are depth 1; pages
              linked from those are depth 2, and so on; pages listed in the site's sitemap count as depth 1.
              With depth {maxDepth.default}, pages up to {maxDepth.default} clicks from a start page are
              fetched, and the links on the deepest pages are not followed.
            </>
          }
          error={errors.maxDepth}
        />
        <TextField
          id="crawl-rps"
          label="Speed (pages per second)"
          inputMode="decimal"
          value={form.rateLimitRps}
          onValue={set('rateLimitRps')}
          help={`At most this many requests per second to the website (${rateLimitRps.min} to ${rateLimitRps.max}, default ${rateLimitRps.default}). Lower is gentler on the court's server but slower; at 2 per second, 50 pages take about 25 seconds.`}
          error={errors.rateLimitRps}
        />
        <CheckboxField
          id="crawl-robots"
          label="Respect robots.txt"
          checked={form.respectRobotsTxt}
          onChecked={set('respectRobotsTxt')}
          help="When ticked, pages the website's robots.txt asks crawlers to avoid are skipped and listed as such."
        />
        <div role="alert" class={message ? 'form-error' : 'visually-hidden'}>
          {message}
        </div>
        <button type="submit" class="button primary" disabled={busy}>
          {busy ? 'Starting…' : 'Start crawl'}
        </button>
      </form>
    </>
  );
}
