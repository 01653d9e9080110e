CREATE TABLE "tenant_links" (
	"link_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
	"tenancy_id" bigint NOT NULL REFERENCES "tenancies"("tenancy_id"),
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" bigint NOT NULL REFERENCES "users"("user_no"),
	"revoked_at" timestamp with time zone,
	CONSTRAINT "tenant_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_links_one_live_per_tenancy" ON "tenant_links" ("tenancy_id") WHERE "revoked_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "daraja_credentials" (
	"agent_id" bigint PRIMARY KEY NOT NULL REFERENCES "agents"("agent_id"),
	"shortcode" text NOT NULL,
	"secrets" text NOT NULL,
	"callback_token" text NOT NULL,
	"access_token" text,
	"access_token_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint NOT NULL REFERENCES "users"("user_no"),
	CONSTRAINT "daraja_credentials_callback_token_unique" UNIQUE("callback_token")
);
--> statement-breakpoint
CREATE TABLE "stk_requests" (
	"request_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
	"tenancy_id" bigint NOT NULL REFERENCES "tenancies"("tenancy_id"),
	"checkout_request_id" text NOT NULL,
	"merchant_request_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"result_code" integer,
	"result_desc" text,
	"mpesa_receipt_number" text,
	"requested_at" timestamp with time zone NOT NULL,
	"requested_by" bigint REFERENCES "users"("user_no"),
	"settled_at" timestamp with time zone,
	"last_query_at" timestamp with time zone,
	CONSTRAINT "stk_requests_checkout_unique" UNIQUE("checkout_request_id"),
	CONSTRAINT "stk_requests_status" CHECK ("status" IN ('pending', 'paid', 'failed')),
	CONSTRAINT "stk_requests_amount" CHECK ("amount_cents" > 0 AND "amount_cents" <= 10000000000)
);
--> statement-breakpoint
CREATE INDEX "stk_requests_pending" ON "stk_requests" ("requested_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "stk_requests_tenancy" ON "stk_requests" ("tenancy_id", "requested_at");
--> statement-breakpoint
CREATE TABLE "maintenance_requests" (
	"request_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
	"tenancy_id" bigint NOT NULL REFERENCES "tenancies"("tenancy_id"),
	"category" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"assigned_user_no" bigint REFERENCES "users"("user_no"),
	"contractor" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "maintenance_requests_status" CHECK ("status" IN ('new', 'assigned', 'in_progress', 'done', 'declined')),
	CONSTRAINT "maintenance_requests_category" CHECK ("category" IN ('plumbing', 'electrical', 'water', 'security', 'other'))
);
--> statement-breakpoint
CREATE INDEX "maintenance_requests_queue" ON "maintenance_requests" ("agent_id", "status", "created_at");
--> statement-breakpoint
CREATE INDEX "maintenance_requests_tenancy" ON "maintenance_requests" ("tenancy_id", "created_at");
--> statement-breakpoint
CREATE TABLE "maintenance_photos" (
	"photo_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"request_id" bigint NOT NULL REFERENCES "maintenance_requests"("request_id"),
	"agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
	"content_type" text NOT NULL,
	"bytes" bytea NOT NULL,
	CONSTRAINT "maintenance_photos_size" CHECK (octet_length("bytes") <= 5242880),
	CONSTRAINT "maintenance_photos_type" CHECK ("content_type" IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif'))
);
--> statement-breakpoint
CREATE INDEX "maintenance_photos_request" ON "maintenance_photos" ("request_id");
--> statement-breakpoint
CREATE TABLE "maintenance_comments" (
	"comment_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"request_id" bigint NOT NULL REFERENCES "maintenance_requests"("request_id"),
	"agent_id" bigint NOT NULL REFERENCES "agents"("agent_id"),
	"author_user_no" bigint REFERENCES "users"("user_no"),
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "maintenance_comments_request" ON "maintenance_comments" ("request_id", "created_at");
