// The client: one property per resource of /v1, each method one endpoint (docs/api/reference.md).
import { Transport, type ClientOptions, type RequestOptions, type WithResponse } from "./http.js";
import { PageList } from "./pagination.js";
import type * as T from "./types.js";
import { prepareFile, type FileInput } from "./upload.js";
import { webhooks } from "./webhook-signature.js";

/** Multipart upload of a local file, bytes, a Blob or a stream. */
export interface UploadParams {
  file: FileInput;
  /** Defaults to the path's base name, else "document". */
  fileName?: string;
  /** Defaults from the file name's extension; else the server sniffs the bytes. */
  contentType?: string;
  mode?: "standard" | "deep";
}

export type CreateVerificationParams = UploadParams | T.CreateVerificationRequest;

const id = (value: string) => encodeURIComponent(value);

class Verifications {
  constructor(private readonly http: Transport) {}

  /** POST /v1/verifications — synchronous; retried safely with one Idempotency-Key. */
  async create(params: CreateVerificationParams, options?: RequestOptions): Promise<WithResponse<T.Verification>> {
    if ("file" in params) {
      const { blob, fileName } = await prepareFile(params.file, params.fileName, params.contentType);
      const mode = params.mode;
      const form = () => {
        const data = new FormData();
        data.set("file", blob, fileName);
        if (mode) data.set("mode", mode);
        return data;
      };
      return this.http.request({
        method: "POST",
        path: "/v1/verifications",
        body: { form },
        idempotent: true,
        options,
      });
    }
    return this.http.request({
      method: "POST",
      path: "/v1/verifications",
      body: { json: params },
      idempotent: true,
      options,
    });
  }

  /** GET /v1/verifications/{id} */
  retrieve(verificationId: string, options?: RequestOptions): Promise<WithResponse<T.Verification>> {
    return this.http.request({ method: "GET", path: `/v1/verifications/${id(verificationId)}`, options });
  }

  /** GET /v1/verifications — await it for one page, or `for await` over every verification. */
  list(
    params: T.ListVerificationsParams = {},
    options?: RequestOptions,
  ): PageList<T.Verification, WithResponse<T.VerificationList>> {
    return new PageList((startingAfter) =>
      this.http.request({
        method: "GET",
        path: "/v1/verifications",
        query: { ...params, ...(startingAfter ? { starting_after: startingAfter } : {}) },
        options,
      }),
    );
  }
}

class Batches {
  constructor(private readonly http: Transport) {}

  /** POST /v1/verifications/batch — Business plan; answers 202 at once with the batch. */
  create(params: T.CreateBatchRequest, options?: RequestOptions): Promise<WithResponse<T.Batch>> {
    return this.http.request({
      method: "POST",
      path: "/v1/verifications/batch",
      body: { json: params },
      idempotent: true,
      options,
    });
  }

  /** GET /v1/batches/{id} */
  retrieve(batchId: string, options?: RequestOptions): Promise<WithResponse<T.Batch>> {
    return this.http.request({ method: "GET", path: `/v1/batches/${id(batchId)}`, options });
  }
}

class Deliveries {
  constructor(private readonly http: Transport) {}

  /** GET /v1/webhooks/{id}/deliveries */
  list(
    endpointId: string,
    params: T.ListDeliveriesParams = {},
    options?: RequestOptions,
  ): PageList<T.WebhookDelivery, WithResponse<T.WebhookDeliveryList>> {
    return new PageList((startingAfter) =>
      this.http.request({
        method: "GET",
        path: `/v1/webhooks/${id(endpointId)}/deliveries`,
        query: { ...params, ...(startingAfter ? { starting_after: startingAfter } : {}) },
        options,
      }),
    );
  }

  /** POST /v1/webhooks/{id}/deliveries/{delivery_id}/replay — a new delivery of the same event. */
  replay(endpointId: string, deliveryId: string, options?: RequestOptions): Promise<WithResponse<T.WebhookDelivery>> {
    return this.http.request({
      method: "POST",
      path: `/v1/webhooks/${id(endpointId)}/deliveries/${id(deliveryId)}/replay`,
      options,
    });
  }
}

class WebhookEndpoints {
  readonly deliveries: Deliveries;
  constructor(private readonly http: Transport) {
    this.deliveries = new Deliveries(http);
  }

  /** POST /v1/webhooks — the answer's `secret` is shown this once. */
  create(params: T.CreateWebhookRequest, options?: RequestOptions): Promise<WithResponse<T.WebhookEndpointWithSecret>> {
    return this.http.request({ method: "POST", path: "/v1/webhooks", body: { json: params }, options });
  }

  /** GET /v1/webhooks */
  list(
    params: T.ListWebhooksParams = {},
    options?: RequestOptions,
  ): PageList<T.WebhookEndpoint, WithResponse<T.WebhookEndpointList>> {
    return new PageList((startingAfter) =>
      this.http.request({
        method: "GET",
        path: "/v1/webhooks",
        query: { ...params, ...(startingAfter ? { starting_after: startingAfter } : {}) },
        options,
      }),
    );
  }

  /** GET /v1/webhooks/{id} */
  retrieve(endpointId: string, options?: RequestOptions): Promise<WithResponse<T.WebhookEndpoint>> {
    return this.http.request({ method: "GET", path: `/v1/webhooks/${id(endpointId)}`, options });
  }

  /** DELETE /v1/webhooks/{id} */
  delete(endpointId: string, options?: RequestOptions): Promise<WithResponse<T.DeletedWebhookEndpoint>> {
    return this.http.request({ method: "DELETE", path: `/v1/webhooks/${id(endpointId)}`, options });
  }

  /** POST /v1/webhooks/{id}/rotate-secret — the new secret is shown this once. */
  rotateSecret(endpointId: string, options?: RequestOptions): Promise<WithResponse<T.WebhookEndpointWithSecret>> {
    return this.http.request({ method: "POST", path: `/v1/webhooks/${id(endpointId)}/rotate-secret`, options });
  }

  /** POST /v1/webhooks/{id}/ping — queues a webhook.ping delivery to this endpoint. */
  ping(endpointId: string, options?: RequestOptions): Promise<WithResponse<T.WebhookDelivery>> {
    return this.http.request({ method: "POST", path: `/v1/webhooks/${id(endpointId)}/ping`, options });
  }
}

class Events {
  constructor(private readonly http: Transport) {}

  /** GET /v1/events */
  list(params: T.ListEventsParams = {}, options?: RequestOptions): PageList<T.WebhookEvent, WithResponse<T.EventList>> {
    return new PageList((startingAfter) =>
      this.http.request({
        method: "GET",
        path: "/v1/events",
        query: { ...params, ...(startingAfter ? { starting_after: startingAfter } : {}) },
        options,
      }),
    );
  }

  /** GET /v1/events/{id} */
  retrieve(eventId: string, options?: RequestOptions): Promise<WithResponse<T.WebhookEvent>> {
    return this.http.request({ method: "GET", path: `/v1/events/${id(eventId)}`, options });
  }
}

class AccountResource {
  constructor(private readonly http: Transport) {}

  /** GET /v1/account */
  retrieve(options?: RequestOptions): Promise<WithResponse<T.Account>> {
    return this.http.request({ method: "GET", path: "/v1/account", options });
  }

  /** GET /v1/account/usage */
  usage(params: T.UsageParams = {}, options?: RequestOptions): Promise<WithResponse<T.Usage>> {
    return this.http.request({ method: "GET", path: "/v1/account/usage", query: params, options });
  }
}

export class Credence {
  static readonly webhooks = webhooks;
  readonly verifications: Verifications;
  readonly batches: Batches;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly events: Events;
  readonly account: AccountResource;
  /** Signature checks of incoming deliveries (no API call). */
  readonly webhooks = webhooks;

  constructor(options: ClientOptions = {}) {
    const http = new Transport(options);
    this.verifications = new Verifications(http);
    this.batches = new Batches(http);
    this.webhookEndpoints = new WebhookEndpoints(http);
    this.events = new Events(http);
    this.account = new AccountResource(http);
  }
}
