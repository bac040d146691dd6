import { decodeProtectedHeader } from 'jose';
import { expect } from 'vitest';
import { multipart } from './multipart';
import { noisyJpeg } from './photo-client';
import { signedInOver, type CliOutcome } from './portal-over-http';

/** The demo campus's password (NODE_ENV=test), typed as the start-up lines print it. */
const PASSWORD = 'CosaDemo@2026';
const VALID = 'This credential is valid: it was issued by this portal and has not been altered.';

/** What a backup must bring back, as the portal showed it before. */
export type PortalData = {
  achievementId: string;
  credential: string;
  jwks: unknown;
  photoUrl: string;
  photo: Buffer;
};

/**
 * Puts data into a running portal on the demo campus through its API: a record, verified and
 * issued as a credential (the signing key exists from then on), a profile photo and a new account.
 */
export async function fillPortal(url: string): Promise<PortalData> {
  const student = await signedInOver(url, 'student@iitbhilai.ac.in', PASSWORD);
  const president = await signedInOver(url, 'president@iitbhilai.ac.in', PASSWORD);

  // A record, verified, issued as a credential (the signing key exists from then on).
  const added = await student.post('/api/me/achievements', {
    title: 'Smart India Hackathon winner',
    description: 'Led a team of six to first place.',
    category: 'Hackathon',
    type: 'technical',
    level: 'national',
    dateAchieved: '2026-03-14',
  });
  expect(added.status).toBe(201);
  const achievementId = ((await added.json()) as { achievement: { id: string } }).achievement.id;
  expect((await president.post(`/api/endorsements/achievements/${achievementId}/verify`)).status).toBe(
    200,
  );
  const issued = await student.get(`/api/me/achievements/${achievementId}/credential`);
  expect(issued.status).toBe(200);
  const credential = await issued.text();
  const jwks = await (await fetch(`${url}/.well-known/jwks.json`)).json();

  // A profile photo.
  const { payload, contentType } = multipart([
    { name: 'image', filename: 'me.jpg', contentType: 'image/jpeg', data: await noisyJpeg(400, 500) },
  ]);
  const uploaded = await student.put('/api/me/photo', payload, contentType);
  expect(uploaded.status).toBe(200);
  const photoUrl = ((await uploaded.json()) as { photoUrl: string }).photoUrl;
  const photo = Buffer.from(await (await student.get(photoUrl)).arrayBuffer());
  expect(photo.byteLength).toBeGreaterThan(1000);

  // A new account.
  const registered = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      name: 'Meera Krishnan',
      studentId: '12340987',
      email: 'meera.krishnan@iitbhilai.ac.in',
      password: 'meera-password-1',
    }),
  });
  expect(registered.status).toBe(201);

  return { achievementId, credential, jwks, photoUrl, photo };
}

/**
 * Runs the backup command while one client adds records one after another and another reads;
 * the titles of the records the portal acknowledged, in order.
 */
export async function backUpWhileBusy(
  url: string,
  backUp: () => Promise<CliOutcome>,
): Promise<{ outcome: CliOutcome; acknowledged: string[] }> {
  const student = await signedInOver(url, 'student@iitbhilai.ac.in', PASSWORD);
  let going = true;
  const acknowledged: string[] = [];
  const writer = (async () => {
    for (let n = 1; going; n += 1) {
      const title = `Written during the backup ${n}`;
      const response = await student.post('/api/me/achievements', {
        title,
        category: 'Quiz',
        type: 'other',
        dateAchieved: '2026-04-01',
      });
      if (response.status === 201) acknowledged.push(title);
    }
  })();
  let reads = 0;
  let slowest = 0;
  const reader = (async () => {
    while (going) {
      const started = performance.now();
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      reads += 1;
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const outcome = await backUp();
  await new Promise((resolve) => setTimeout(resolve, 500));
  going = false;
  await Promise.all([writer, reader]);
  expect(acknowledged.length).toBeGreaterThan(3);
  console.info(
    `backup: ${acknowledged.length} writes and ${reads} reads during it; slowest read ${Math.round(slowest)} ms`,
  );
  return { outcome, acknowledged };
}

/** Finds through the API everything `data` holds, and the records written during the backup up to one moment. */
export async function expectEverythingBack(
  url: string,
  { achievementId, credential, jwks, photoUrl, photo }: PortalData,
  acknowledged: string[],
): Promise<void> {
  const again = await signedInOver(url, 'student@iitbhilai.ac.in', PASSWORD);
  // Every page of the student's achievements, as the list pages through them.
  const items: Array<{ id: string; title: string; verified: boolean }> = [];
  for (let page = 1; ; page += 1) {
    const list = (await (await again.get(`/api/me/achievements?pageSize=100&page=${page}`)).json()) as {
      items: typeof items;
      total: number;
    };
    items.push(...list.items);
    if (list.items.length === 0 || items.length >= list.total) break;
  }
  expect(items.find((item) => item.id === achievementId)).toMatchObject({
    title: 'Smart India Hackathon winner',
    verified: true,
  });
  // One moment: the records written during the backup are back up to one of them, none missing before it.
  const during = items
    .map((item) => item.title)
    .filter((title) => title.startsWith('Written during the backup '));
  expect(during.length).toBeGreaterThan(0);
  expect(new Set(during)).toEqual(new Set(acknowledged.slice(0, during.length)));

  // The photo's bytes.
  const photoAfter = Buffer.from(await (await again.get(photoUrl)).arrayBuffer());
  expect(photoAfter.equals(photo)).toBe(true);

  // The same signing keys: the credential issued before verifies, and a new one is signed by the same key.
  expect(await (await fetch(`${url}/.well-known/jwks.json`)).json()).toEqual(jwks);
  const check = await fetch(`${url}/api/verify/credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ credential }),
  });
  expect(await check.json()).toMatchObject({ valid: true, message: VALID });
  const reissued = await (await again.get(`/api/me/achievements/${achievementId}/credential`)).text();
  expect(decodeProtectedHeader(reissued).kid).toBe(decodeProtectedHeader(credential).kid);

  // The account registered before the backup.
  const admin = await signedInOver(url, 'admin@iitbhilai.ac.in', PASSWORD);
  const users = (await (await admin.get('/api/admin/users?q=Meera%20Krishnan')).json()) as {
    items: Array<{ email: string }>;
  };
  expect(users.items.map((user) => user.email)).toEqual(['meera.krishnan@iitbhilai.ac.in']);
}
