// The scenarios as autocannon requests; every request picks its target at random and signs afresh.
import type autocannon from 'autocannon';
import { advance, type BatteryState, newBattery, seededRandom, telemetryBody } from '../lib/bms/simulator/telemetry';
import { newIdempotencyKey, signBmsRequest, signIntegrationRequest } from '../lib/client/signing';
import type { Target } from './measure';
import type { Passport } from './seed';

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

const get = (path: (p: Passport) => string, passports: readonly Passport[]): autocannon.Request => ({
  method: 'GET',
  setupRequest: (req) => ({ ...req, path: path(pick(passports)) }),
});

/** A browser's view of a passport page (the stored page answers browsers only). */
const page = (passports: readonly Passport[]): autocannon.Request => ({
  method: 'GET',
  setupRequest: (req) => {
    const p = pick(passports);
    return { ...req, path: `/01/${p.gtin}/21/${encodeURIComponent(p.serial)}`, headers: { accept: 'text/html' } };
  },
});

export function readScenarios(baseUrl: string, passports: readonly Passport[]): Target[] {
  return [
    {
      id: 's1',
      scenario: 1,
      label: `1 GET /api/dpp/{slug} (${passports.length})`,
      url: baseUrl,
      countScans: true,
      request: get((p) => `/api/dpp/${p.slug}`, passports),
    },
    {
      id: 's2',
      scenario: 2,
      label: '2 GET /01/{gtin}/21/{serial} (HTML)',
      url: baseUrl,
      countScans: true,
      request: page(passports),
    },
    {
      id: 's3',
      scenario: 3,
      label: '3 GET /api/dpp/{slug}/v/1',
      url: baseUrl,
      countScans: true,
      request: get((p) => `/api/dpp/${p.slug}/v/1`, passports),
    },
    {
      id: 's4',
      scenario: 4,
      label: '4 GET /api/dpp/{slug}/jsonld',
      url: baseUrl,
      countScans: true,
      request: get((p) => `/api/dpp/${p.slug}/jsonld`, passports),
    },
    {
      // The AAS export: stored once per revision beside the JSON, so one query serves it like the JSON.
      id: 's4-aas',
      scenario: 4,
      label: '4 GET /api/dpp/{slug}/aas (AAS read)',
      url: baseUrl,
      countScans: true,
      request: get((p) => `/api/dpp/${p.slug}/aas`, passports),
    },
  ];
}

/** Every passport once, in order: with autocannon's `amount` set to their number, one request each. */
function eachOnce(
  passports: readonly Passport[],
  path: (p: Passport) => string,
  headers?: Record<string, string>,
): autocannon.Request {
  let next = 0;
  return {
    method: 'GET',
    setupRequest: (req) => ({
      ...req,
      path: path(passports[next++ % passports.length]),
      ...(headers ? { headers } : {}),
    }),
  };
}

/**
 * Every passport's page once: its first view after publication, which renders the page through Next.js and stores
 * it (lib/passport/public/page-store.ts). Scenario 2 then measures the views that follow.
 */
export const firstPageViews = (passports: readonly Passport[]): autocannon.Request =>
  eachOnce(passports, (p) => `/01/${p.gtin}/21/${encodeURIComponent(p.serial)}`, { accept: 'text/html' });

/**
 * Every passport's JSON once: after a change (scenario 6's telemetry), the first read rebuilds and stores the
 * passport's documents (lib/passport/public/documents.ts); the reads after it are served from them.
 */
export const firstDocumentReads = (passports: readonly Passport[]): autocannon.Request =>
  eachOnce(passports, (p) => `/api/dpp/${p.slug}`);

export const scaleScenario = (baseUrl: string, passports: readonly Passport[]): Target => ({
  id: `s7-${passports.length}`,
  scenario: 7,
  label: `7 GET /api/dpp/{slug} (${passports.length})`,
  url: baseUrl,
  countScans: true,
  request: get((p) => `/api/dpp/${p.slug}`, passports),
});

/** 5: signed PUT form-data with a fresh Idempotency-Key each time, so every request is a real write. */
export function formDataScenario(
  baseUrl: string,
  key: { key: string; signingSecret: string },
  drafts: readonly string[],
): Target {
  return {
    id: 's5',
    scenario: 5,
    label: `5 PUT /api/v1/products/{id}/form-data (${drafts.length} drafts)`,
    url: baseUrl,
    countScans: true,
    request: {
      method: 'PUT',
      setupRequest: (req) => {
        const path = `/api/v1/products/${pick(drafts)}/form-data`;
        const body = JSON.stringify({
          formData: { manufacturing_place: `Plant ${Math.random().toString(36).slice(2, 10)}` },
        });
        const headers = {
          authorization: `Bearer ${key.key}`,
          'content-type': 'application/json',
          'idempotency-key': newIdempotencyKey(),
          'x-service-signature': signIntegrationRequest({
            method: 'PUT',
            pathWithQuery: path,
            body,
            signingSecret: key.signingSecret,
          })['X-Service-Signature'],
        };
        return { ...req, method: 'PUT', path, headers, body };
      },
    },
  };
}

/** 6: the fleet simulator's telemetry across the products, each battery advancing per report; 200s counted per product. */
export function bmsScenario(
  baseUrl: string,
  secrets: readonly string[],
  productIds: readonly string[],
  accepted: Map<string, number>,
): Target {
  const random = seededRandom(9);
  const fleet = new Map<string, BatteryState>(productIds.map((id) => [id, newBattery(id, random)]));
  return {
    id: 's6',
    scenario: 6,
    label: `6 POST /api/v1/products/{id}/bms-update (${productIds.length})`,
    url: baseUrl,
    countScans: true,
    request: {
      method: 'POST',
      setupRequest: (req, context) => {
        const productId = pick(productIds);
        const state = advance(fleet.get(productId)!, random);
        fleet.set(productId, state);
        const body = JSON.stringify(telemetryBody(state, new Date()));
        const secret = pick(secrets);
        (context as { productId?: string }).productId = productId;
        const headers = {
          'content-type': 'application/json',
          'x-service-bms-secret': secret,
          'x-service-signature': signBmsRequest({ rawBody: body, secret })['X-Service-Signature'],
        };
        return { ...req, method: 'POST', path: `/api/v1/products/${productId}/bms-update`, headers, body };
      },
      onResponse: (status, _body, context) => {
        const productId = (context as { productId?: string }).productId;
        if (status === 200 && productId) accepted.set(productId, (accepted.get(productId) ?? 0) + 1);
      },
    },
  };
}
