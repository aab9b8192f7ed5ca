// Products: headless passport authoring from create to submission, and withdrawal. Types come from the generated
// openapi-types.ts (npm run generate:client), never from the server's modules.
import type { Page, QueryOf, RequestBody, Schema } from './api-types';
import { apiPath, type Transport, type WriteOptions, withLockRetry } from './http';

export type ProductSummary = Schema<'ProductSummary'>;
export type Product = Schema<'Product'>;
/** A product as GET /products/{id} answers it: a model also shows its latest re-publication of its items. */
export type ProductDetail = Schema<'ProductDetail'>;
export type { Page };
export type ListProductsQuery = QueryOf<'listProducts'>;
export type CreateProductBody = RequestBody<'createProduct'>;
export type UpdateProductBody = RequestBody<'updateProduct'>;
/** The members of a change besides its lockVersion. */
export type ProductPatch = Omit<UpdateProductBody, 'lockVersion'>;
export type PutFormDataBody = RequestBody<'putFormData'>;
export type WithdrawBody = RequestBody<'withdrawProduct'>;
export type RecycleBody = RequestBody<'recycleProduct'>;
export type TelemetryEntry = Schema<'TelemetryEntry'>;
export type ListTelemetryQuery = QueryOf<'listTelemetry'>;
export type SchemaUpgradeBody = RequestBody<'upgradeSchemaVersion'>;
export type Readiness = Schema<'Readiness'>;
export type PublishGate = Schema<'PublishGate'>;
export type SchemaCompatibility = Schema<'SchemaCompatibility'>;
export type Registration = Schema<'Registration'>;

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
    getProduct: (id: string) => call<ProductDetail>('GET', apiPath`/api/v1/products/${id}`),
    /** A battery model (a GTIN required): its items inherit its published data. */
    createModel: (body: Omit<CreateProductBody, 'kind' | 'modelId'>, opts: WriteOptions = {}) =>
      call<Product>('POST', '/api/v1/products', { ...opts, body: { ...body, kind: 'model' } }),
    /** An item of `modelId`: one unit (serialNumber) or batch (batchNumber); name and category come from the model. */
    createItem: (modelId: string, body: Omit<CreateProductBody, 'kind' | 'modelId'>, opts: WriteOptions = {}) =>
      call<Product>('POST', '/api/v1/products', { ...opts, body: { ...body, modelId } }),
    updateProduct: (id: string, body: UpdateProductBody, opts: WriteOptions = {}) =>
      call<Product>('PATCH', apiPath`/api/v1/products/${id}`, { ...opts, body }),
    putFormData: (id: string, body: PutFormDataBody, opts: WriteOptions = {}) =>
      call<Product>('PUT', apiPath`/api/v1/products/${id}/form-data`, { ...opts, body }),
    readiness: (id: string) => call<Readiness>('GET', apiPath`/api/v1/products/${id}/readiness`),
    gate: (id: string) => call<PublishGate>('GET', apiPath`/api/v1/products/${id}/gate`),
    schemaCompatibility: (id: string) =>
      call<SchemaCompatibility>('GET', apiPath`/api/v1/products/${id}/schema-compatibility`),
    /** Moves a draft to its category's current schema version (lockVersion from the last read). */
    upgradeSchemaVersion: (id: string, body: SchemaUpgradeBody, opts: WriteOptions = {}) =>
      call<Product>('POST', apiPath`/api/v1/products/${id}/schema-upgrade`, { ...opts, body }),
    /** Where the passport's registration with the EU registry stands. */
    registration: (id: string) => call<Registration>('GET', apiPath`/api/v1/products/${id}/registry`),
    submitProduct: (id: string, opts: WriteOptions = {}) =>
      call<Product>('POST', apiPath`/api/v1/products/${id}/submit`, opts),
    withdrawProduct: (id: string, body: WithdrawBody, opts: WriteOptions = {}) =>
      call<Product>('POST', apiPath`/api/v1/products/${id}/withdraw`, { ...opts, body }),
    /** End of life: the battery was recycled; the passport is frozen and ceases after its retention period. */
    recycleProduct: (id: string, body: RecycleBody = {}, opts: WriteOptions = {}) =>
      call<Product>('POST', apiPath`/api/v1/products/${id}/recycle`, { ...opts, body }),
    /** One page of the passport's stored BMS reports, oldest first (filter by from, to, key). */
    listTelemetry: (id: string, query: ListTelemetryQuery = {}) =>
      call<Page<TelemetryEntry>>('GET', apiPath`/api/v1/products/${id}/telemetry`, { query: { ...query } }),
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
