import { afterEach, describe, expect, it, vi } from 'vitest';

// Each test loads the modules afresh: the trail starts empty, as on a full page load.
async function load() {
  vi.resetModules();
  const trail = await import('./came-from');
  const client = await import('./api-client');
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{}'));
  vi.stubGlobal('fetch', fetchMock);
  const sentHeader = async () => {
    await client.apiRequest('/api/people/1');
    const headers = fetchMock.mock.calls.at(-1)?.[1]?.headers as Record<string, string>;
    return headers['x-came-from'];
  };
  return { ...trail, sentHeader };
}

describe('the page the viewer came from', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is not sent on a full page load, before any navigation in the app', async () => {
    const { notePage, sentHeader } = await load();
    expect(await sentHeader()).toBeUndefined();
    notePage('/people/1');
    expect(await sentHeader()).toBeUndefined();
  });

  it('names the previous page with its search once the viewer moved on', async () => {
    const { notePage, sentHeader } = await load();
    notePage('/search?q=kavya');
    notePage('/people/1');
    expect(await sentHeader()).toBe('/search?q=kavya');
    // Rendering the same page again does not make it the page the viewer came from.
    notePage('/people/1');
    expect(await sentHeader()).toBe('/search?q=kavya');
    notePage('/gensec-endorse?tab=skills');
    expect(await sentHeader()).toBe('/people/1');
  });
});
