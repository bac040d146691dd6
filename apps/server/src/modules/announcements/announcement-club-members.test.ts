import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { announcementClientOf } from '../../../test/announcement-test-client';
import { membershipClientOf } from '../../../test/club-membership-client';

/* The audience 'club' is the club's roster as it stands when the coordinator posts. */

describe("an announcement to the club's members", () => {
  const ctx = useTestApp();
  const clubs = membershipClientOf(ctx);
  const announcements = announcementClientOf(ctx);

  const post = async (cookie: string, title: string) => {
    const response = await announcements.post(
      { title, body: 'Bring your laptop.', audience: 'club' },
      cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
    return announcements.recipientsOf(response.json().id);
  };

  it('reaches a student the coordinator accepted, and not one who left or one never accepted', async () => {
    const { club, coordinator } = await clubs.club('Coding Club');
    const accepted = await clubs.student('Meera Pillai');
    const leaver = await clubs.student('Rohan Gupta');
    const asking = await clubs.student('Tara Singh');
    await clubs.joinThroughRequest(club.id, coordinator.cookie, accepted.cookie);
    await clubs.joinThroughRequest(club.id, coordinator.cookie, leaver.cookie);
    expect((await clubs.ask(club.id, asking.cookie)).statusCode).toBe(201);

    expect(await post(coordinator.cookie, 'Hack night')).toEqual(['Meera Pillai', 'Rohan Gupta']);

    expect((await clubs.leave(club.id, leaver.cookie)).statusCode).toBe(200);
    expect(await post(coordinator.cookie, 'Second hack night')).toEqual(['Meera Pillai']);
  });
});
