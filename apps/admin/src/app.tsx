import type { WireSession } from '@amicus/protocol/admin';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { AdminApi } from './api/admin-api.js';
import { describeError } from './api/errors.js';
import { JobTracker } from './api/job-tracker.js';
import { type AppServices, Services } from './app-context.js';
import { AnswersPage } from './pages/answers.js';
import { AuditPage } from './pages/audit.js';
import { CourtDatesPage } from './pages/court-dates.js';
import { CrawlPage } from './pages/crawl.js';
import { DocumentDetailPage } from './pages/document-detail.js';
import { DocumentsPage } from './pages/documents.js';
import { EmbedPage } from './pages/embed.js';
import { InsightsPage } from './pages/insights.js';
import { JobPage } from './pages/job.js';
import { JobsPage } from './pages/jobs.js';
import { LoginPage } from './pages/login.js';
import { TryItPage } from './pages/try-it.js';
import { UploadPage } from './pages/upload.js';
import { NAV_ITEMS, navNameOf, type Route } from './routing/routes.js';
import { useRoute } from './routing/use-route.js';

type Auth =
  | { state: 'checking' }
  | { state: 'out'; notice: string | null }
  | { state: 'in'; username: string };

function Page({ route }: { route: Route }) {
  switch (route.name) {
    case 'upload':
      return <UploadPage />;
    case 'crawl':
      return <CrawlPage />;
    case 'jobs':
      return <JobsPage />;
    case 'job':
      return <JobPage id={route.id} kind={route.kind} />;
    case 'documents':
      return <DocumentsPage />;
    case 'document':
      return <DocumentDetailPage id={route.id} />;
    case 'try':
      return <TryItPage />;
    case 'answers':
      return <AnswersPage />;
    case 'insights':
      return <InsightsPage />;
    case 'embed':
      return <EmbedPage />;
    case 'court-dates':
      return <CourtDatesPage />;
    case 'audit':
      return <AuditPage />;
  }
}

function Shell({ services, onSignOut }: { services: AppServices; onSignOut: () => void }) {
  const route = useRoute();
  const current = navNameOf(route);
  const first = useRef(true);
  useEffect(() => {
    const label = NAV_ITEMS.find((n) => n.name === current)?.label ?? 'Admin';
    document.title = `${label} · Amicus admin`;
    // Moving focus to the new page's heading tells screen-reader and keyboard users the page changed;
    // not on first load, where focus belongs at the top of the document.
    if (first.current) first.current = false;
    else document.querySelector<HTMLElement>('main h1')?.focus();
  }, [route]);

  return (
    <Services.Provider value={services}>
      <button
        type="button"
        class="skip-link"
        onClick={() => document.querySelector<HTMLElement>('main h1')?.focus()}
      >
        Skip to content
      </button>
      <header class="topbar">
        <span class="brand">Amicus admin</span>
        <span class="user">
          Signed in as <strong>{services.username}</strong>
        </span>
        <button type="button" class="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <nav aria-label="Main">
        <ul class="nav">
          {NAV_ITEMS.map((n) => (
            <li key={n.name}>
              <a href={n.href} aria-current={current === n.name ? 'page' : undefined}>
                {n.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main">
        <Page route={route} />
      </main>
    </Services.Provider>
  );
}

export function App({ api: injected }: { api?: AdminApi }) {
  const [auth, setAuth] = useState<Auth>({ state: 'checking' });
  const api = useMemo(
    () =>
      injected ??
      new AdminApi({
        onSignedOut: () => setAuth({ state: 'out', notice: 'Your session ended. Sign in again.' }),
      }),
    [injected],
  );
  const tracker = useMemo(() => new JobTracker(api), [api]);

  useEffect(() => {
    api.session().then(
      (s) => setAuth(signedIn(s)),
      (err) => setAuth({ state: 'out', notice: describeError(err) }),
    );
  }, [api]);

  useEffect(() => {
    if (auth.state !== 'in') return;
    tracker.start();
    void tracker.refreshList();
    return () => tracker.stop();
  }, [auth.state, tracker]);

  if (auth.state === 'checking') {
    return (
      <main id="main" class="login">
        <p role="status">Loading…</p>
      </main>
    );
  }
  if (auth.state === 'out') {
    return (
      <>
        {auth.notice ? (
          <p class="notice" role="status">
            {auth.notice}
          </p>
        ) : null}
        <LoginPage api={api} onSignedIn={(s) => setAuth(signedIn(s))} />
      </>
    );
  }
  const signOut = () => {
    api.logout().then(
      () => setAuth({ state: 'out', notice: 'You have signed out.' }),
      (err) => setAuth({ state: 'out', notice: describeError(err) }),
    );
  };
  return <Shell services={{ api, tracker, username: auth.username }} onSignOut={signOut} />;
}

function signedIn(s: WireSession): Auth {
  return s.authenticated
    ? { state: 'in', username: s.user?.username ?? 'staff' }
    : { state: 'out', notice: null };
}
