import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveShapes } from '../shapes/serve.js';

/**
 * A relation entity with attributes and a relation of its own, through the generic routes: the test-only set in
 * tests/shapes/relations (teams, members, team roles; `teamMember` memberships with a note and an expiry, exposed
 * on both sides; `teamMemberRole` roles per membership).
 */
const targets = [
  { name: 'pglite', url: undefined },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres', url: process.env.DATABASE_URL }] : []),
];

describe.each(targets)(
  'relation entities on $name: memberships with attributes and roles per membership',
  ({ url }) => {
    let served: Awaited<ReturnType<typeof serveShapes>>;
    beforeAll(async () => {
      served = await serveShapes('relations', url);
    });
    afterAll(() => served?.close());

    const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
      const response = await served.app.inject({ method, url, ...(payload ? { payload } : {}) });
      return {
        status: response.statusCode,
        total: response.headers['total-number'],
        body: response.body ? JSON.parse(response.body) : undefined,
      };
    };
    const create = async (path: string, name: string) => (await call('POST', path, { name })).body.id as string;
    const count = async (table: string) =>
      Number((await served.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n);

    it('assigns with attributes, lists from both sides with them, refuses duplicates and bad attributes', async () => {
      const red = await create('/api/teams', 'Red');
      const ada = await create('/api/members', 'Ada');
      const bob = await create('/api/members', 'Bob');
      const expiresAt = Date.UTC(2030, 0, 1);

      const assigned = await call('POST', `/api/teams/${red}/members`, {
        memberIds: [ada],
        note: 'founder',
        expiresAt,
      });
      expect(assigned.status).toBe(201);
      expect(assigned.body).toEqual([expect.objectContaining({ id: ada, name: 'Ada' })]);
      expect((await call('POST', `/api/teams/${red}/members`, { memberIds: [bob] })).status).toBe(201);

      const members = await call('GET', `/api/teams/${red}/members?page=1&page_size=20`);
      expect(members.status).toBe(200);
      expect(members.total).toBe('2');
      expect(members.body.map((item: { id: string }) => item.id)).toEqual([bob, ada]);
      expect(members.body[1].membership).toEqual({ note: 'founder', expiresAt, createdAt: expect.any(Number) });
      // Attributes the assignment leaves out take the relation schema's defaults.
      expect(members.body[0].membership).toMatchObject({ note: '', expiresAt: null });

      const teams = await call('GET', `/api/members/${ada}/teams`);
      expect(teams.body).toEqual([
        expect.objectContaining({ id: red, name: 'Red', membership: members.body[1].membership }),
      ]);

      const again = await call('POST', `/api/members/${ada}/teams`, { teamIds: [red] });
      expect(again.status).toBe(422);
      expect(again.body.code).toBe('entity.unique_integrity_violation');

      const tooLong = await call('POST', `/api/teams/${red}/members`, { memberIds: [ada], note: 'x'.repeat(129) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.code).toBe('guard.invalid_input');
      expect(tooLong.body.data.issues.map((issue: { path: string }) => issue.path)).toEqual(['/note']);
      const readOnly = await call('POST', `/api/teams/${red}/members`, { memberIds: [ada], createdAt: 1 });
      expect(readOnly.status).toBe(400);
      expect(await count('team_members')).toBe(2);

      expect((await call('GET', `/api/teams/nobody/members`)).status).toBe(404);
    });

    it('holds roles per membership below the membership, from either side, and drops them with it', async () => {
      const red = await create('/api/teams', 'Red');
      const blue = await create('/api/teams', 'Blue');
      const ada = await create('/api/members', 'Ada');
      const lead = await create('/api/team-roles', 'Lead');
      await call('POST', `/api/teams/${red}/members`, { memberIds: [ada] });

      const given = await call('POST', `/api/teams/${red}/members/${ada}/roles`, { teamRoleIds: [lead] });
      expect(given.status).toBe(201);
      expect(given.body).toEqual([expect.objectContaining({ id: lead, name: 'Lead' })]);
      const fromMember = await call('GET', `/api/members/${ada}/teams/${red}/roles`);
      expect(fromMember.total).toBe('1');
      expect(fromMember.body).toEqual([expect.objectContaining({ id: lead })]);

      // No membership, no roles: Ada is not in Blue.
      const outsider = await call('POST', `/api/teams/${blue}/members/${ada}/roles`, { teamRoleIds: [lead] });
      expect(outsider.status).toBe(404);
      expect(outsider.body.code).toBe('entity.not_exists_with_id');
      expect((await call('POST', `/api/teams/${red}/members/${ada}/roles`, { teamRoleIds: ['missing'] })).status).toBe(
        404,
      );

      // Removing the member from the team ends the membership and the roles it held.
      expect((await call('DELETE', `/api/teams/${red}/members/${ada}`)).status).toBe(204);
      expect(await count('team_member_roles')).toBe(0);
      expect((await call('GET', `/api/teams/${red}/members/${ada}/roles`)).status).toBe(404);
      expect((await call('DELETE', `/api/teams/${red}/members/${ada}`)).status).toBe(404);
    });

    it('documents the routes of both sides and of the nested relation', () => {
      const paths = Object.keys(served.openapi.paths);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/teams/{id}/members',
          '/api/teams/{id}/members/{memberId}',
          '/api/members/{id}/teams',
          '/api/members/{id}/teams/{teamId}',
          '/api/teams/{id}/members/{memberId}/roles',
          '/api/teams/{id}/members/{memberId}/roles/{teamRoleId}',
        ]),
      );
      expect(served.openapi.components.schemas.TeamMembersAssign.properties).toHaveProperty('note');
    });
  },
);
