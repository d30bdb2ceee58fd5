/**
 * Test fixtures written straight into the database (STYLE.md allows it for journeys that
 * are not about signing up): a buyer with a unit and a cart of their own.
 */
import pg from 'pg';
import { hash } from '@node-rs/argon2';
import { v7 as uuidv7 } from 'uuid';

export interface BuyerFixture {
  email: string;
  password: string;
  cartId: string;
}

/** A new buyer of a new unit of the project, whose draft cart has one standard choice per required category. */
export async function createBuyerWithCompleteCart({ projectKey, email, password }: { projectKey: string; email: string; password: string }): Promise<BuyerFixture> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows: [project] } = await client.query(`SELECT id FROM projects WHERE key = $1`, [projectKey]);
    const userId = uuidv7();
    await client.query(`INSERT INTO users (id, name, email, email_verified, terms_accepted_at) VALUES ($1, $2, $3, true, now())`, [userId, email.split('@')[0], email]);
    await client.query(`INSERT INTO accounts (id, account_id, provider_id, user_id, password) VALUES ($1, $2, 'credential', $2, $3)`, [uuidv7(), userId, await hash(password)]);
    await client.query(`INSERT INTO memberships (project_id, user_id, role) VALUES ($1, $2, 'purchaser')`, [project.id, userId]);
    // A unit of its own on the plan with the most rooms, so that fixtures never run out of free units.
    const { rows: [unit] } = await client.query(
      `INSERT INTO items (project_id, collection, id, data)
       SELECT $1, 'units', $2, jsonb_build_object('name', $3::text, 'floor', 9, 'plan', p.id::text, 'status', 'sold', 'buyers', jsonb_build_array($4::text))
       FROM items p WHERE p.project_id = $1 AND p.collection = 'plans'
       ORDER BY jsonb_array_length(p.data->'rooms') DESC, p.id LIMIT 1
       RETURNING id, data->>'plan' AS plan`,
      [project.id, uuidv7(), `E2E-${userId.slice(-6)}`, userId],
    );
    const { rows: choices } = await client.query(
      `SELECT DISTINCT ON (o.data->>'category') o.id
       FROM items o JOIN items c ON c.id::text = o.data->>'category' AND c.project_id = o.project_id
       WHERE o.project_id = $1 AND o.collection = 'options' AND (c.data->>'required')::boolean
         AND (o.data->>'price')::int = 0 AND jsonb_array_length(o.data->'requires') = 0
         AND (jsonb_array_length(o.data->'plans') = 0 OR o.data->'plans' ? $2)
       ORDER BY o.data->>'category', o.id`,
      [project.id, unit.plan],
    );
    const cartId = uuidv7();
    const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString();
    await client.query(
      `INSERT INTO items (project_id, collection, id, data) VALUES ($1, 'carts', $2, $3::jsonb)`,
      [project.id, cartId, JSON.stringify({ unit: unit.id, owner: userId, selections: choices.map((c: { id: string }) => ({ option: c.id, quantity: 1 })), package: null, status: 'draft', total: 0, deadline, notes: '', signature: null })],
    );
    return { email, password, cartId };
  } finally {
    await client.end();
  }
}
