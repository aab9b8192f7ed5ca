// Products: headless passport authoring from create to submission, and withdrawal. Types written from the
// contract and the OpenAPI document, never imported from the server.
import { type RequestOptions, type Transport, withLockRetry } from './http';

export type ProductState = 'DRAFT' | 'SUBMITTED' | 'APPROVED' | 'WITHDRAWN' | 'DEPRECATED';
export type PublicProductState = 'draft' | 'submitted' | 'published' | 'withdrawn' | 'deprecated';

export interface FieldError {
  field_id: string;
  label: string;
  code: 'REQUIRED_MISSING' | 'WRONG_TYPE' | 'INVALID_OPTION' | 'OUT_OF_RANGE' | 'PATTERN_MISMATCH' | 'UNKNOWN_FIELD';
  message: string;
}

export interface ProductSummary {
  id: string;
  slug: string;
  name: string;
  category: string;
  schemaVersion: number;
  mode: 'live' | 'test';
  state: ProductState;
  publicState: PublicProductState;
  lockVersion: number;
  version: number;
  gtin: string | null;
  serialNumber: string | null;
  batchNumber: string | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  publishedAt: string | null;
  withdrawnAt: string | null;
  rejectionReason: string | null;
  urls: { passport: string | null; json: string | null; jsonld: string | null };
}

export interface Product extends ProductSummary {
  formData: Record<string, unknown>;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export interface ListProductsQuery {
  /** One state or several, comma-separated; API names or public names. */
  state?: string;
  category?: string;
  updatedSince?: string;
  limit?: number;
  cursor?: string;
}

export interface CreateProductBody {
  name: string;
  categoryCode: string;
  gtin?: string | null;
  serialNumber?: string | null;
  batchNumber?: string | null;
  slug?: string | null;
  formData?: Record<string, unknown> | null;
}

export interface ProductPatch {
  name?: string;
  gtin?: string | null;
  serialNumber?: string | null;
  batchNumber?: string | null;
}

export interface UpdateProductBody extends ProductPatch {
  lockVersion: number;
}

export interface PutFormDataBody {
  formData: Record<string, unknown>;
  lockVersion?: number;
}

export interface WithdrawBody {
  reason: string;
  successorId?: string | null;
  operatorDetails?: string | null;
  manufacturerContact?: string | null;
}

export interface Readiness {
  ok: boolean;
  missing: FieldError[];
  invalid: FieldError[];
}

export interface GateCheck {
  id: 'readiness' | 'schema_compatibility' | 'component_graph' | 'gtin_prefix' | 'documents';
  status: 'pass' | 'fail' | 'warn' | 'skip';
  message: string;
  details?: Record<string, unknown>;
}

export interface PublishGate {
  ok: boolean;
  checks: GateCheck[];
}

export interface SchemaCompatibility {
  productSchemaVersion: number;
  currentSchemaVersion: number;
  compatible: boolean;
  upgradeAvailable: boolean;
  problems: FieldError[];
}

type WriteOptions = Pick<RequestOptions, 'idempotencyKey' | 'headers'>;

const productPath = (id: string, rest = '') => `/api/v1/products/${encodeURIComponent(id)}${rest}`;

export function productsApi(transport: Transport) {
  const { call } = transport;
  const api = {
    listProducts: (query: ListProductsQuery = {}) =>
      call<Page<ProductSummary>>('GET', '/api/v1/products', { query: { ...query } }),
    /** Every page in turn, following nextCursor. */
    async *listAllProducts(query: Omit<ListProductsQuery, 'cursor'> = {}): AsyncGenerator<ProductSummary> {
      let cursor: string | undefined;
      do {
        const page = await api.listProducts({ ...query, cursor });
        yield* page.data;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    },
    createProduct: (body: CreateProductBody, opts: WriteOptions = {}) =>
      call<Product>('POST', '/api/v1/products', { ...opts, body }),
    getProduct: (id: string) => call<Product>('GET', productPath(id)),
    updateProduct: (id: string, body: UpdateProductBody, opts: WriteOptions = {}) =>
      call<Product>('PATCH', productPath(id), { ...opts, body }),
    putFormData: (id: string, body: PutFormDataBody, opts: WriteOptions = {}) =>
      call<Product>('PUT', productPath(id, '/form-data'), { ...opts, body }),
    readiness: (id: string) => call<Readiness>('GET', productPath(id, '/readiness')),
    gate: (id: string) => call<PublishGate>('GET', productPath(id, '/gate')),
    schemaCompatibility: (id: string) => call<SchemaCompatibility>('GET', productPath(id, '/schema-compatibility')),
    submitProduct: (id: string, opts: WriteOptions = {}) => call<Product>('POST', productPath(id, '/submit'), opts),
    withdrawProduct: (id: string, body: WithdrawBody, opts: WriteOptions = {}) =>
      call<Product>('POST', productPath(id, '/withdraw'), { ...opts, body }),
    /** PATCH with LOCK_CONFLICT handled: re-read, apply the change to what was read, retry with its lockVersion. */
    updateProductWithRetry: (
      id: string,
      change: (product: Product) => ProductPatch | Promise<ProductPatch>,
      options?: { attempts?: number },
    ) =>
      withLockRetry(async () => {
        const product = await api.getProduct(id);
        return api.updateProduct(id, { ...(await change(product)), lockVersion: product.lockVersion });
      }, options),
  };
  return api;
}
