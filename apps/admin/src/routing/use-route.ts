import { useEffect, useState } from 'preact/hooks';
import { parseRoute, type Route } from './routes.js';

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

export function navigate(href: string): void {
  location.hash = href.replace(/^#/, '');
}
