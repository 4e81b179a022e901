/**
 * Users and their audit log at scale, seeded with set-based SQL (`INSERT … SELECT … FROM generate_series`). Every
 * value is a function of the row's position, so the benchmark knows ids and matches without reading the tables.
 */
import { createHash } from 'node:crypto';
import { hashPassword, PASSWORD_METHOD } from '../src/entities/user/server/account/passwords.js';
import type { Database, Queryable } from '../src/server/db/database.js';
import { DEFAULT_TENANT_ID } from '../src/shared/tenant-ids.js';
import { createSecondTenant, SECOND_TENANT_ID, withIndexesRebuilt } from './seed-indexes.js';

// biome-ignore format: one list of names per line group reads better than one name per line
const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William',
  'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Wei', 'Yuki', 'Aiko',
  'Hiroshi', 'Mei', 'Jun', 'Priya', 'Arjun', 'Ananya', 'Rahul', 'Fatima', 'Omar', 'Layla', 'Youssef', 'Amara',
  'Chinedu', 'Zanele', 'Kwame', 'Lucas', 'Sofia', 'Mateo', 'Valentina', 'Santiago', 'Camila', 'Emma', 'Noah', 'Olivia',
  'Liam', 'Ava', 'Elias', 'Freya', 'Lars', 'Ingrid', 'Piotr', 'Agnieszka', 'Dmitri', 'Olga', 'Giulia', 'Marco', 'Chloe',
  'Hugo', 'Lea', 'Jonas', 'Mia', 'Ali', 'Zeynep', 'Mehmet', 'Nour', 'Tariq', 'Ines',
];
// biome-ignore format: as above
const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez',
  'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen',
  'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall',
  'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao',
  'Wu', 'Zhou', 'Tanaka', 'Suzuki', 'Takahashi', 'Watanabe', 'Ito', 'Nakamura', 'Kobayashi', 'Yamamoto', 'Sato',
  'Kato', 'Patel', 'Sharma', 'Singh', 'Kumar', 'Gupta', 'Reddy', 'Iyer', 'Nair', 'Khan', 'Ahmed', 'Hassan', 'Ali',
  'Haddad', 'Okafor', 'Adeyemi', 'Mensah', 'Nkosi', 'Muller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker',
  'Dubois', 'Moreau', 'Laurent', 'Bernard', 'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Kowalski',
  'Nowak', 'Wisniewski', 'Ivanov', 'Petrov', 'Smirnov', 'Johansson', 'Lindqvist', 'Nilsen', 'Hansen', 'Jensen',
  'Larsen', 'Andersen', 'Silva', 'Santos', 'Oliveira', 'Souza', 'Costa', 'Pereira', 'Yilmaz', 'Kaya', 'Demir',
  'Sahin', 'Novak', 'Horvat', 'Kovacs', 'Nagy', 'Popescu', 'Dimitrov', 'Papadopoulos', 'Cohen', 'Levi', 'Mizrahi',
];
/** Mail domains by weight: a third of the users are on `gmail.com` (the search that matches many). */
// biome-ignore format: as above
const DOMAINS = [
  'gmail.com', 'gmail.com', 'gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'acme.io',
  'example.org',
];
// biome-ignore format: as above
const LOG_KEYS = [
  'ExchangeTokenBy.RefreshToken', 'ExchangeTokenBy.RefreshToken', 'ExchangeTokenBy.RefreshToken',
  'ExchangeTokenBy.AuthorizationCode', 'ExchangeTokenBy.AuthorizationCode', 'Interaction.SignIn.Submit',
  'Interaction.SignIn.Submit', 'Interaction.SignIn.Identifier.Password.Submit', 'Interaction.Create',
  'Interaction.End', 'Interaction.Register.Submit', 'Interaction.SignIn.Identifier.VerificationCode.Create',
];
const APPLICATION_IDS = ['bench-web-app', 'bench-spa', 'bench-native', 'bench-m2m'];
/** The audit log spans this many days back from the seeding, inside the default retention of 14 days. */
export const LOG_SPAN_DAYS = 13;
/** Steps coprime with 10^10 and with the counts used, so `i × step mod m` visits every value once. */
const PHONE_STEP = 7919;
const LOG_USER_STEP = 104_729;

export interface UserSeed {
  tenantId: string;
  /** Makes the tenant's ids differ from another tenant's. */
  salt: string;
  users: number;
  logs: number;
}

/** The default tenant's users (and audit log) and the second tenant's users, as the seed command takes them. */
export const userSeeds = (users: number, logs: number, secondUsers: number): UserSeed[] => [
  { tenantId: DEFAULT_TENANT_ID, salt: 'a', users, logs },
  ...(secondUsers > 0 ? [{ tenantId: SECOND_TENANT_ID, salt: 'b', users: secondUsers, logs: 0 }] : []),
];

/** The id of user `i`: 6 hex digits of a hash, then `i` in 6 hex digits (unique below 16,777,216 users). */
export const userId = (salt: string, i: number) =>
  `${createHash('md5').update(`${salt}${i}`).digest('hex').slice(0, 6)}${i.toString(16).padStart(6, '0')}`;

/** The user of log row `i`, by position; one log in ten (machine-to-machine) has none. */
export const logUserIndex = (i: number, users: number) => (i % 10 === 9 ? undefined : (i * LOG_USER_STEP) % users);

/** The first and last names of user `i`, and the username, as the SQL below writes them. */
export const userNames = (i: number) => {
  const first = FIRST_NAMES[i % FIRST_NAMES.length] as string;
  const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] as string;
  return { name: `${first} ${last}`, username: `${first}_${last}${i}`.toLowerCase() };
};

/**
 * The users of one tenant. Row `i` (0 = oldest): name `<First> <Last>`, username `first_last<i>` (none for one user in
 * ten), email `first.last<i>@<domain>` (none for one in ten, others than those without a username), a unique phone
 * for one in three, a password (one shared argon2id hash) for half, created one minute apart up to now.
 */
export const usersInsertSql = (table: string) =>
  `INSERT INTO "${table}" (tenant_id, id, username, primary_email, primary_phone, name, password_encrypted,
     password_encryption_method, custom_data, last_sign_in_at, created_at, updated_at)
   SELECT $1, substr(md5($2 || i), 1, 6) || lpad(to_hex(i), 6, '0'),
     CASE WHEN i % 10 <> 7 THEN lower(f || '_' || l || i) END,
     CASE WHEN i % 10 <> 3 THEN lower(f || '.' || l || i || '@' || d) END,
     CASE WHEN i % 3 = 0 THEN '1' || lpad(((i::int8 * ${PHONE_STEP} + 2025550100) % 10000000000)::text, 10, '0') END,
     f || ' ' || l,
     CASE WHEN i % 2 = 0 THEN $4::text END, CASE WHEN i % 2 = 0 THEN $5::text END,
     CASE WHEN i % 5 = 0 THEN jsonb_build_object('plan', CASE WHEN i % 4 = 0 THEN 'pro' ELSE 'free' END) ELSE '{}' END,
     CASE WHEN i % 4 <> 1 THEN at + (i % 90) * interval '1 day' END, at, at
   FROM generate_series(0, $3::int - 1) AS i,
     LATERAL (SELECT now() - ($3::int - i) * interval '1 minute' AS at,
       ($6::text[])[1 + i % cardinality($6::text[])] AS f,
       ($7::text[])[1 + (i / cardinality($6::text[])) % cardinality($7::text[])] AS l,
       ($8::text[])[1 + (i / 7) % cardinality($8::text[])] AS d) n`;

/**
 * The audit log of one tenant: row `i` (0 = newest) written `i × span / count` before now, by user
 * `i × step mod users` (see `logUserIndex`), with Logto's keys and payload fields; one in twenty failed.
 */
export const logsInsertSql = (table: string) =>
  `INSERT INTO "${table}" (tenant_id, id, key, result, user_id, application_id, payload, created_at)
   SELECT $1, 'lg' || lpad(i::text, 19, '0'), k, r, u, a,
     jsonb_build_object('key', k, 'result', r, 'userId', u, 'applicationId', a,
       'ip', '10.' || (i % 250) || '.' || (i / 250 % 250) || '.' || (i % 7 + 1),
       'userAgent', 'Mozilla/5.0 (bench)'),
     now() - i * ($4::float8 / $3::int) * interval '1 day'
   FROM generate_series(0, $3::int - 1) AS i,
     LATERAL (SELECT ($5::text[])[1 + i % cardinality($5::text[])] AS k,
       CASE WHEN i % 20 = 11 THEN 'Error' ELSE 'Success' END AS r,
       CASE WHEN i % 10 = 9 THEN NULL
         ELSE substr(md5($2 || (i::int8 * ${LOG_USER_STEP} % $6::int)), 1, 6)
           || lpad(to_hex((i::int8 * ${LOG_USER_STEP} % $6::int)::int), 6, '0') END AS u,
       ($7::text[])[1 + (i / 3) % cardinality($7::text[])] AS a) v`;

const insertUsers = async (tx: Queryable, seed: UserSeed, passwordHash: string) =>
  tx.query(usersInsertSql('users'), [
    seed.tenantId,
    seed.salt,
    seed.users,
    passwordHash,
    PASSWORD_METHOD,
    FIRST_NAMES,
    LAST_NAMES,
    DOMAINS,
  ]);

const insertLogs = async (tx: Queryable, seed: UserSeed) =>
  tx.query(logsInsertSql('logs'), [
    seed.tenantId,
    seed.salt,
    seed.logs,
    LOG_SPAN_DAYS,
    LOG_KEYS,
    seed.users,
    APPLICATION_IDS,
  ]);

/** The one password every seeded user with a password has, so that sign-ins can be tried against them. */
export const SEED_PASSWORD = 'bench-Passw0rd!';

/**
 * Seeds the users and audit logs of `seeds` (the tables' secondary indexes dropped for the load and built after it),
 * one transaction per table, then `ANALYZE`s both. Reports progress through `progress`.
 */
export const seedUsersAndLogs = async (db: Database, seeds: UserSeed[], progress: (message: string) => void) => {
  const passwordHash = await hashPassword(SEED_PASSWORD);
  let started = Date.now();
  await db.transaction(async (tx) => {
    await createSecondTenant(tx);
    await withIndexesRebuilt(tx, 'users', 'secondary', async () => {
      for (const seed of seeds) await insertUsers(tx, seed, passwordHash);
      progress(`users inserted in ${((Date.now() - started) / 1000).toFixed(1)} s, building the indexes`);
    });
  });
  progress(`users done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  if (seeds.some((seed) => seed.logs > 0)) {
    await db.transaction(async (tx) => {
      await withIndexesRebuilt(tx, 'logs', 'secondary', async () => {
        for (const seed of seeds) if (seed.logs > 0) await insertLogs(tx, seed);
        progress(`logs inserted in ${((Date.now() - started) / 1000).toFixed(1)} s, building the indexes`);
      });
    });
    progress(`logs done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  started = Date.now();
  for (const table of ['users', 'logs', 'gatehouse_row_counts']) await db.exec(`VACUUM ANALYZE "${table}"`);
  progress(`VACUUM ANALYZE in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};
