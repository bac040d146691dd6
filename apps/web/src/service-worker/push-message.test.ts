import { describe, expect, it } from 'vitest';
import { isPortalPath, noticeOfPush } from './push-message';

const GENERIC = {
  title: 'New notification',
  body: 'Open the portal to read it.',
  url: '/notifications',
  tag: null,
};

describe('a push as the service worker shows it', () => {
  it("shows the server's title, text, page and tag", () => {
    expect(
      noticeOfPush(
        JSON.stringify({
          title: 'Registration confirmed',
          body: 'Your seat at Hack Night is yours.',
          url: '/events/e1/ticket',
          tag: 'event-e1',
        }),
      ),
    ).toEqual({
      title: 'Registration confirmed',
      body: 'Your seat at Hack Night is yours.',
      url: '/events/e1/ticket',
      tag: 'event-e1',
    });
  });

  it('shows "New notification" pointing to /notifications for a payload that is missing or not the portal\'s', () => {
    for (const payload of [
      null,
      '',
      'not json',
      '[1,2]',
      'null',
      JSON.stringify({ body: 'no title', url: '/x', tag: 't' }),
      JSON.stringify({ title: '  ', body: 'blank title', url: '/x', tag: 't' }),
      JSON.stringify({ title: 'T', body: 3, url: '/x', tag: 't' }),
      JSON.stringify({ title: 'T', body: 'B', url: '/x' }),
    ])
      expect(noticeOfPush(payload), String(payload)).toEqual(GENERIC);
  });

  it('opens the notifications page instead of an address off the portal', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'events', '/\tx'])
      expect(noticeOfPush(JSON.stringify({ title: 'T', body: 'B', url, tag: 't' })).url, url).toBe(
        '/notifications',
      );
    expect(isPortalPath('/events/mine?from=push#top')).toBe(true);
  });

  it('groups nothing when the tag is empty', () => {
    expect(noticeOfPush(JSON.stringify({ title: 'T', body: 'B', url: '/', tag: '' })).tag).toBeNull();
  });
});
