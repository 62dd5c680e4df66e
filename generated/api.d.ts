// Generated from openapi.yaml by `npm run generate`. Do not edit by hand.
export interface paths {
    "/api/detector/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Score a text for AI authorship
         * @description Scores the text and each sentence for the probability that it is AI-written. 1 credit per word; 1 to 50,000 words, at most 300,000 characters. Without `poll` or `callback_url` the request is synchronous (200). With `poll: true` and/or `callback_url` it is accepted for background processing (202, credits deducted at acceptance, refunded automatically if the job fails) and the result is read with GET /api/jobs/{task_id}/ and/or POSTed to callback_url. The text can also come as a document: `url` (JSON) names an http(s) page or file to fetch, or the request is multipart/form-data with the file in `file` and the other fields as form fields; exactly one of content, url and file. PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark) are read (recognised from the bytes), at most 25 MB and 300 pages; the text read out is bounded and charged exactly as if it had been sent as content, nothing is charged when it cannot be read, and the response adds `document` (its type, title, pages, words, the extracted text every offset refers to) and the page (PDF) and paragraph of every sentence, edit or match.
         *
         *     Required scopes: `ai_detector`.
         */
        post: operations["detectText"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/humanizer/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rewrite a text so it reads as human-written
         * @description Rewrites AI-sounding text while keeping its meaning, numbers, names and quotations. 50 to 2,000 words, at most 30,000 characters (else 400 before any charge); 1 credit per word. Synchronous requests are rate limited per plan (429 rate_limited). Without `poll` or `callback_url` the request is synchronous (200). With `poll: true` and/or `callback_url` it is accepted for background processing (202, credits deducted at acceptance, refunded automatically if the job fails) and the result is read with GET /api/jobs/{task_id}/ and/or POSTed to callback_url. The text can also come as a document: `url` (JSON) names an http(s) page or file to fetch, or the request is multipart/form-data with the file in `file` and the other fields as form fields; exactly one of content, url and file. PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark) are read (recognised from the bytes), at most 25 MB and 300 pages; the text read out is bounded and charged exactly as if it had been sent as content, nothing is charged when it cannot be read, and the response adds `document` (its type, title, pages, words, the extracted text every offset refers to) and the page (PDF) and paragraph of every sentence, edit or match.
         *
         *     Required scopes: `humanizer`.
         */
        post: operations["humanize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/detect-and-humanize/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Detect, then humanize only when the AI score exceeds a threshold
         * @description Scores the full text; when ai_score > detection_threshold the text is humanized, otherwise the detection result is returned. Needs both the humanizer and ai_detector scopes. 50 to 2,000 words, at most 30,000 characters. Charge: 1 credit per word for detection plus 1 per word for humanization, both reserved up front; the humanization part is refunded when the text is not humanized. Without `poll` or `callback_url` the request is synchronous (200). With `poll: true` and/or `callback_url` it is accepted for background processing (202, credits deducted at acceptance, refunded automatically if the job fails) and the result is read with GET /api/jobs/{task_id}/ and/or POSTed to callback_url. The text can also come as a document: `url` (JSON) names an http(s) page or file to fetch, or the request is multipart/form-data with the file in `file` and the other fields as form fields; exactly one of content, url and file. PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark) are read (recognised from the bytes), at most 25 MB and 300 pages; the text read out is bounded and charged exactly as if it had been sent as content, nothing is charged when it cannot be read, and the response adds `document` (its type, title, pages, words, the extracted text every offset refers to) and the page (PDF) and paragraph of every sentence, edit or match.
         *
         *     Required scopes: `humanizer` and `ai_detector`.
         */
        post: operations["detectAndHumanize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/jobs/{task_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an async job
         * @description Returns `processing` while the job is queued or running, then the result (the same body as the synchronous response of the endpoint that created it) or `failed`. Only the job's owner can read it; results are kept 1 hour after completion, then 404. Poll with exponential backoff: 2, 4, 8 … seconds, at most 30 seconds apart.
         *
         *     Required scopes: any valid key.
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run up to 100 texts through one service, with one webhook when all are done
         * @description One service (`detector`, `humanizer`, `detect-and-humanize`, `grammar` or `plagiarism`; the key needs that service's scopes) with its options, applied to every item, and 1 to 100 items, each its text as `content` or a document's address as `url` (fetched and read at acceptance, as by the single requests, its result with `document` as theirs); the JSON body at most 16 MB in all (else 413 payload_too_large: split the batch). Or documents as multipart/form-data: 1 to 20 files in the field `files` (PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark); each at most 25 MB, 100 MB together), the service and its options as form fields; each file is one item whose ref is its file name, read at acceptance as the single requests read a file, and its result adds `document` and the page and paragraph of every sentence, edit or match, as theirs does. A form field the route does not declare is refused (400). Every item is checked against its service's bounds before anything is queued: when any is out of bounds the whole batch is refused (400 invalid_payload, nothing charged) and the first 20 bad items are listed in details.items (index, ref, code, message). The whole batch's price (each item priced as its single request) must be covered by the balance (else 403 insufficient_credits with the total and the balance) and is held at acceptance, so a batch never overdraws; an item that fails or is cancelled is refunded, once. 202 with the batch_id; read the batch with GET /api/batches/{batch_id}/, and/or get one `batch.completed` webhook at callback_url when the last item ends. Items run several at once, but one account's items in flight are capped so that a large batch does not hold up other accounts. Supports Idempotency-Key (the same key with the same batch within 5 minutes answers the first 202 again, without a second batch).
         *
         *     Required scopes: any valid key.
         */
        post: operations["createBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/batches/{batch_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a batch and a page of its items
         * @description The batch's status, counts per state, credits held, charged and refunded, and its items in request order, each with its `ref`, status, and result (the body the single request returns) or error; 25 items per page unless `limit` says otherwise, the next page with `cursor` = next_cursor. Only the batch's owner can read it; kept 1 hour after its last item ended, then 404. Poll with backoff (2, 4, 8 … seconds, at most 30 apart).
         *
         *     Required scopes: any valid key.
         */
        get: operations["getBatch"];
        put?: never;
        post?: never;
        /**
         * Cancel the items of a batch that have not started
         * @description Cancels every item still queued and refunds each of them, once; items already running finish and are charged. The batch ends (status `cancelled`, and its webhook) when its last running item does. Cancelling again, or a finished batch, cancels nothing.
         *
         *     Required scopes: any valid key.
         */
        delete: operations["cancelBatch"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account of the calling key
         * @description Plan, credits remaining, monthly allotment, the billing period, the plan's limits and the credits used this period per service. Free of charge; any valid key (no scope needed).
         *
         *     Required scopes: any valid key.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/grammar/correct/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Correct grammar, spelling and punctuation with minimal changes
         * @description Returns the corrected text and a complete word-level diff with code-point offsets into the text as sent. 5 to 10,000 words, at most 75,000 characters; 1 credit per word (input_words), refunded if correction fails. Supports Idempotency-Key. The text can also come as a document: `url` (JSON) names an http(s) page or file to fetch, or the request is multipart/form-data with the file in `file` and the other fields as form fields; exactly one of content, url and file. PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark) are read (recognised from the bytes), at most 25 MB and 300 pages; the text read out is bounded and charged exactly as if it had been sent as content, nothing is charged when it cannot be read, and the response adds `document` (its type, title, pages, words, the extracted text every offset refers to) and the page (PDF) and paragraph of every sentence, edit or match.
         *
         *     Required scopes: `grammar_checker`.
         */
        post: operations["correctGrammar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plagiarism/scan/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Scan a text for plagiarism
         * @description Compares the text with the indexed source corpus (and a web search provider when configured) and returns a score, a verdict, matched sources and highlighted code-point ranges. Input: at least 50 characters, at most 25,000 words; flat 2 credits, refunded if the scan fails. With nothing to compare against (an empty corpus and no web search) the scan is refused with 409 no_sources before any charge. Supports Idempotency-Key. The text can also come as a document: `url` (JSON) names an http(s) page or file to fetch, or the request is multipart/form-data with the file in `file` and the other fields as form fields; exactly one of content, url and file. PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark) are read (recognised from the bytes), at most 25 MB and 300 pages; the text read out is bounded and charged exactly as if it had been sent as content, nothing is charged when it cannot be read, and the response adds `document` (its type, title, pages, words, the extracted text every offset refers to) and the page (PDF) and paragraph of every sentence, edit or match.
         *
         *     Required scopes: `plagiarism_checker`.
         */
        post: operations["scanPlagiarism"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/image-detector/predict/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Classify an image as real, fake or inpainting
         * @description multipart/form-data with the image in field `file` (JPEG, PNG, WebP, GIF, BMP or TIFF, at most 10 MB: a larger file is 400 invalid_payload). Credits (6 to 17, by size) are reserved before analysis and refunded if detection fails; the response reports credits_remaining. Rate limited per plan per minute (429 rate_limited).
         *
         *     Required scopes: `image_detector`.
         */
        post: operations["detectImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/image-detector/health/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health of the image detection engine
         * @description No authentication. 200 with `healthy`; 503 with `unhealthy` when the engine is unreachable or degraded (circuit open).
         */
        get: operations["imageHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/voice-detector/detect/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Classify audio as AI voice or natural voice
         * @description multipart/form-data with the audio in field `file` (WAV, FLAC, OGG, MP3, M4A or AAC, at most 150 MB (a larger file is 400 invalid_payload) and 600 seconds; video is refused). 10 credits per second, rounded up, at least 1 second; an `undetermined` verdict (too little speech, or balanced evidence) is charged like a decided one; refunded if detection fails. Audio over about 6 seconds gets a segment timeline and statistics.
         *
         *     Required scopes: `voice_detector`.
         */
        post: operations["detectVoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/voice-detector/health/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health of the voice detection engine
         * @description No authentication. 200 with `healthy`; 503 with `unhealthy` when the detection service is unavailable.
         */
        get: operations["voiceHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/sources/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the plagiarism source corpus
         * @description Operator endpoint (scope `admin`): the sources that plagiarism scans compare against.
         *
         *     Required scopes: `admin`.
         */
        get: operations["listSources"];
        put?: never;
        /**
         * Add or replace plagiarism sources
         * @description Operator endpoint (scope `admin`): adds sources to the corpus; a URL that exists is replaced. For large imports use `npm run admin -- sources import FILE.jsonl`.
         *
         *     Required scopes: `admin`.
         */
        post: operations["importSources"];
        /**
         * Delete a plagiarism source
         * @description Operator endpoint (scope `admin`): removes the source with the given URL.
         *
         *     Required scopes: `admin`.
         */
        delete: operations["deleteSource"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/livez": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness probe
         * @description No authentication. 200 while the process runs and its event loop answers; it never looks at the database or the engines, so a load balancer or Kubernetes restarts the process only when it is truly stuck.
         */
        get: operations["livez"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness probe
         * @description No authentication. 200 when this process can serve every request: the database answers, the engines are loaded, and its job worker runs (where RUN_WORKER=true). 503 with the part that is down otherwise, and once the process is stopping, so that a load balancer sends new requests elsewhere.
         */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/session/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in
         * @description Email and password. Sets a new session cookie (a new session id at every sign-in). Rate limited per account and per address; an unknown email and a wrong password get the same answer.
         *
         *     CSRF: the Origin header must be this server's origin.
         */
        post: operations["portalSignIn"];
        /**
         * Sign out
         * @description Ends this session and clears the cookie.
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        delete: operations["portalSignOut"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/sessions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign out everywhere
         * @description Ends every session of the account, this one included.
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        delete: operations["portalSignOutEverywhere"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/me/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user
         * @description The user, plan and the session's CSRF token.
         */
        get: operations["portalMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/password/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a password from an invite link
         * @description The invite link (valid 24 hours, usable once) sets the account's password. Ends every existing session of the account and signs this browser in (a new session cookie).
         *
         *     CSRF: the Origin header must be this server's origin.
         */
        post: operations["portalSetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/password/change/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password
         * @description Needs the current password. Ends every other session of the account.
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        post: operations["portalChangePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/sign-up/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open sign-up
         * @description Only when the server runs with PORTAL_SIGNUP=open (else 404): creates a Free-plan user and signs in.
         *
         *     CSRF: the Origin header must be this server's origin.
         */
        post: operations["portalSignUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/keys/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Every key of the account with its display prefix (never the key).
         */
        get: operations["portalListKeys"];
        put?: never;
        /**
         * Create an API key
         * @description Key Name, Model Access (at least one scope) and Expiration. Refused when the plan's active-key limit is reached (details: limit, active). The full key is in this response only.
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        post: operations["portalCreateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/keys/{key_id}/revoke/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke an API key
         * @description Immediate and irreversible: the key is refused from the next request on.
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        post: operations["portalRevokeKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/keys/{key_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an API key
         * @description Removes the key permanently (revoked or not).
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        delete: operations["portalDeleteKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/usage/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Usage of the billing period
         * @description The account (as GET /api/account/) and credits used per day and service in the billing period. The ledger as CSV: GET /portal/usage/ledger.csv.
         */
        get: operations["portalUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/ledger/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent charges and refunds
         * @description The credit ledger, newest first, paginated.
         */
        get: operations["portalLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/jobs/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent async jobs and batches, with webhook deliveries
         * @description The account's async jobs and batches still kept (results are kept 1 hour), newest first, each with every webhook delivery attempt and the next scheduled one.
         */
        get: operations["portalJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/jobs/{task_id}/redeliver/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook again
         * @description Queues one more delivery of a finished job's result to its callback_url (the same body and webhook-id).
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        post: operations["portalRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/playground/detector/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Playground: detect AI text
         * @description POST /api/detector/ (synchronous) with the signed-in account's credits: the same bounds, price (1 credit per word) and body.
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        post: operations["portalPlaygroundDetect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/playground/humanizer/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Playground: humanize a text
         * @description POST /api/humanizer/ (synchronous) with the signed-in account's credits: 50 to 2,000 words, at most 30,000 characters, 1 credit per word, the plan's synchronous rate limit.
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        post: operations["portalPlaygroundHumanize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/playground/grammar/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Playground: correct grammar
         * @description POST /api/grammar/correct/ with the signed-in account's credits: 5 to 10,000 words, at most 75,000 characters, 1 credit per word.
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        post: operations["portalPlaygroundGrammar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/playground/plagiarism/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Playground: scan for plagiarism
         * @description POST /api/plagiarism/scan/ with the signed-in account's credits: at least 50 characters, at most 25,000 words, flat 2 credits.
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        post: operations["portalPlaygroundPlagiarism"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/playground/image/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Playground: classify an image
         * @description POST /api/image-detector/predict/ with the signed-in account's credits (6 to 17 by size, the plan's image rate limit).
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        post: operations["portalPlaygroundImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal/api/playground/voice/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Playground: classify a voice recording
         * @description POST /api/voice-detector/detect/ with the signed-in account's credits (10 per second, at most 600 seconds).
         *
         *     CSRF: the Origin header must be this server's origin, and X-CSRF-Token the session's token.
         */
        post: operations["portalPlaygroundVoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "batch.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A batch's last item ended
         * @description POSTed once to the callback_url of a batch when its last item ends (completed, completed with errors, or cancelled), signed like every webhook (`webhook-id`, `webhook-timestamp`, `webhook-signature` with the webhook_secret; `X-Webhook-Secret`) and retried the same way on a non-2xx answer. Read the items with GET /api/batches/{batch_id}/.
         */
        post: operations["batchCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description POSTed once to the batch's callback_url when its last item ends, signed like every webhook; read the items with GET /api/batches/{batch_id}/. */
        BatchCompletedEvent: {
            /**
             * @description Always `batch.completed`.
             * @example batch.completed
             * @enum {string}
             */
            type: "batch.completed";
            /**
             * @description Batch id.
             * @example 3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14
             */
            batch_id: string;
            /**
             * @description The service every item of the batch goes through: the single request's bounds, price and result.
             * @example detector
             * @enum {string}
             */
            service: "detector" | "humanizer" | "detect-and-humanize" | "grammar" | "plagiarism";
            /**
             * @description `queued` (no item started yet), `running`, then `completed` (every item succeeded), `completed_with_errors` (at least one failed) or `cancelled` (cancelled before every item ran).
             * @example running
             * @enum {string}
             */
            status: "queued" | "running" | "completed" | "completed_with_errors" | "cancelled";
            /**
             * @description When the batch was accepted (ISO 8601).
             * @example 2026-12-06T04:00:00.000Z
             */
            created_at: string;
            /**
             * @description When its last item ended; null until then.
             * @example null
             */
            completed_at: string | null;
            /**
             * @description Items in the batch.
             * @example 30
             */
            item_count: number;
            /**
             * @description Items per state.
             * @example {
             *       "queued": 10,
             *       "running": 2,
             *       "succeeded": 18,
             *       "failed": 0,
             *       "cancelled": 0
             *     }
             */
            counts: {
                /**
                 * @description Waiting for their turn.
                 * @example 0
                 */
                queued: number;
                /**
                 * @description Being processed.
                 * @example 0
                 */
                running: number;
                /**
                 * @description Done, with a result.
                 * @example 0
                 */
                succeeded: number;
                /**
                 * @description Failed for good (refunded).
                 * @example 0
                 */
                failed: number;
                /**
                 * @description Cancelled before they started (refunded).
                 * @example 0
                 */
                cancelled: number;
            };
            /**
             * @description Taken at acceptance for all items.
             * @example 1250
             */
            credits_held: number;
            /**
             * @description Kept for items that succeeded.
             * @example 750
             */
            credits_charged: number;
            /**
             * @description Given back: items that failed or were cancelled, and the humanization part of detect-and-humanize items that were not humanized.
             * @example 0
             */
            credits_refunded: number;
            user: components["schemas"]["UserRef"];
        };
        /** @description The calling user. */
        UserRef: {
            /**
             * @description Identifier of the calling user.
             * @example 42
             */
            id: number;
        };
        DetectionResult: {
            /**
             * @description `success`.
             * @example success
             * @enum {string}
             */
            status: "success";
            /**
             * @description Job id for async requests; null for synchronous ones.
             * @example null
             */
            task_id: string | null;
            /**
             * @description `ai` exactly when ai_score > 0.5.
             * @example human
             * @enum {string}
             */
            result: "ai" | "human";
            /**
             * @description 0.0 (human) to 1.0 (AI): 0–0.3 human, 0.3–0.5 likely human, 0.5–0.7 likely AI, 0.7–1 AI-generated.
             * @example 0.12
             */
            ai_score: number;
            /** @description Every sentence of the input, in order. */
            items: components["schemas"]["SentenceItem"][];
            /**
             * @description Detection engine and model version.
             * @example ci-textdetect-4.2.0
             */
            service_name: string;
            /**
             * @description Processing time in seconds.
             * @example 0.042
             */
            execution_time: number;
            /**
             * @description Word count of the input (script-aware: each CJK character is one word).
             * @example 250
             */
            word_count: number;
            /**
             * @description Credit balance after this request.
             * @example 99750
             */
            credits_remaining: number;
            /**
             * @description Status message, e.g. a note that the model is calibrated for English, that the text is too short (under 60 words) for a confident verdict, or that the operator's model server gave no usable answer.
             * @example null
             */
            message: string | null;
            user: components["schemas"]["UserRef"];
            /** @description Only when the operator runs a model server for this engine (README "Bring your own model"): which evidence channels contributed to the verdict, and their own scores. */
            evidence?: components["schemas"]["EvidenceItem"][];
            document?: components["schemas"]["DocumentInfo"];
        };
        SentenceItem: {
            /**
             * @description The sentence exactly as it appears in the input.
             * @example The committee reviewed the proposal on Monday.
             */
            text: string;
            /**
             * @description `ai-generated` when the sentence ai_score > 0.5.
             * @example original
             * @enum {string}
             */
            prediction: "ai-generated" | "original";
            /**
             * @description Probability that the sentence is AI-written, 0.0 to 1.0.
             * @example 0.12
             */
            ai_score: number;
            /**
             * @description Document requests, PDF only: the 1-based page this starts on.
             * @example 2
             */
            page?: number;
            /**
             * @description Document requests only: the 0-based index of the paragraph (of document.text, separated by blank lines) this starts in.
             * @example 4
             */
            paragraph?: number;
        };
        /** @description One evidence channel of a verdict (present only when the operator configured a model server). */
        EvidenceItem: {
            /**
             * @description `built-in`: the service's own model; `lm`: the operator's language-model server (text); `image-model`, `voice-model`: the operator's classifier server.
             * @example built-in
             * @enum {string}
             */
            channel: "built-in" | "lm" | "image-model" | "voice-model";
            /**
             * @description The channel's own probability that the content is AI-made; null for `lm` (its criteria are not probabilities) and for a channel that gave no answer.
             * @example 0.31
             */
            score: number | null;
            /**
             * @description Whether this channel entered the verdict: with a calibration file both channels are fused; without one the server's evidence is only reported, unless the operator trusts its own probability.
             * @example true
             */
            used: boolean;
            /**
             * @description The server's model (observer+performer for `lm`).
             * @example falcon-7b+falcon-7b-instruct
             */
            model?: string;
            /**
             * @description `lm` only: `fast_detect_gpt` (Fast-DetectGPT analytic criterion; higher is more AI-like), `binoculars` (with a performer model; lower is more AI-like), `tokens` and `tail_mass` (the mean probability mass outside the top-K alternatives; 0 means the criteria are exact).
             * @example {
             *       "fast_detect_gpt": 1.8,
             *       "binoculars": 0.84,
             *       "tokens": 412,
             *       "tail_mass": 0.06
             *     }
             */
            criteria?: {
                [key: string]: number;
            };
            /**
             * @description Why the server's evidence is missing (timeout, HTTP error, malformed answer, circuit open).
             * @example no answer within 10000 ms
             */
            error?: string;
            /** @description `voice-model` only, for audio longer than one window: the server's own timeline, one entry per 4-second window (its `score` is their mean). */
            windows?: {
                /**
                 * @description Window start, seconds with a trailing `s`.
                 * @example 0.0s
                 */
                start_time: string;
                /**
                 * @description Window end.
                 * @example 4.0s
                 */
                end_time: string;
                /**
                 * @description The server's probability that this window is an AI voice.
                 * @example 0.87
                 */
                ai_probability: number;
            }[];
        };
        /** @description Only when the text came from a document (`file` or `url`): what was read. */
        DocumentInfo: {
            /**
             * @description What the bytes were read as.
             * @example pdf
             * @enum {string}
             */
            type: "pdf" | "docx" | "odt" | "html" | "markdown" | "text";
            /**
             * @description The document's own title (PDF and office metadata, the HTML article's title, a Markdown file's first heading); null when it has none.
             * @example On Photosynthesis
             */
            title: string | null;
            /**
             * @description Page count (PDF); null for formats without pages.
             * @example 3
             */
            pages: number | null;
            /**
             * @description Words of the extracted text (the count that is charged).
             * @example 812
             */
            words: number;
            /**
             * @description Code points of the extracted text.
             * @example 5120
             */
            characters: number;
            /**
             * @description The address the text was fetched from (after redirects); null for an upload.
             * @example null
             */
            url: string | null;
            /**
             * @description The text read out of the document, paragraphs separated by a blank line: every offset of the response refers to it.
             * @example The committee reviewed the proposal on Monday and asked for a revised budget.
             */
            text: string;
        };
        DetectionAccepted: {
            /**
             * @description `pending`: accepted for async processing.
             * @example pending
             * @enum {string}
             */
            status: "pending";
            /**
             * @description Job id (UUID) to read with GET /api/jobs/{task_id}/.
             * @example 3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14
             */
            task_id: string;
            /**
             * @description Word count of the input (script-aware: each CJK character is one word).
             * @example 250
             */
            word_count: number;
            /**
             * @description Credit balance after this request.
             * @example 99750
             */
            credits_remaining: number;
            user: components["schemas"]["UserRef"];
            result: null;
            ai_score: null;
            items: null;
            service_name: null;
            execution_time: null;
            message: null;
        };
        /** @description The one error body of every endpoint. */
        Error: {
            /**
             * @description Always `error`.
             * @example error
             * @enum {string}
             */
            status: "error";
            /**
             * @description Machine-readable error code (see the error table of each endpoint).
             * @example invalid_payload
             * @enum {string}
             */
            code: "invalid_payload" | "min_words_not_met" | "max_words_exceeded" | "invalid_idempotency_key" | "insufficient_content" | "invalid_image" | "invalid_audio" | "audio_too_long" | "unreadable_document" | "missing_api_key" | "invalid_api_key" | "api_key_revoked" | "api_key_expired" | "not_signed_in" | "invalid_credentials" | "insufficient_scope" | "insufficient_credits" | "csrf_rejected" | "forbidden" | "not_found" | "method_not_allowed" | "request_timeout" | "idempotency_key_reuse" | "payment_in_progress" | "no_sources" | "payload_too_large" | "unsupported_media_type" | "unsupported_document" | "encrypted_document" | "no_text" | "remote_error" | "remote_timeout" | "headers_too_large" | "rate_limited" | "pending_job_limit" | "internal_error" | "service_unavailable" | "service_error";
            /**
             * @description A sentence for a person saying what went wrong.
             * @example content: expected a string
             */
            message: string;
            /**
             * @description Extra facts where useful, e.g. `limit` and `actual`, or `credits` and `required`; `{}` when the code says it all (every error has it).
             * @example {
             *       "limit": 10000,
             *       "actual": 10412
             *     }
             */
            details: {
                [key: string]: unknown;
            };
            /**
             * @description The request id, also in the `X-Request-Id` header; quote it in support requests.
             * @example req_01J9Z6X4QK
             */
            request_id: string;
        };
        DetectorRequest: {
            /**
             * @description Text to analyze: 1 to 50,000 words, at most 300,000 characters. 1 credit per word. Must be well-formed Unicode without U+0000 or unpaired surrogates (else 400 invalid_payload, nothing charged). Send exactly one of content, url and (multipart/form-data) file.
             * @example The committee reviewed the proposal on Monday and asked for a revised budget.
             */
            content?: string;
            /**
             * Format: uri
             * @description Instead of content: an http(s) address whose page or file is fetched and read (PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark); an HTML page's main text, as a browser's reader view shows it). Private, loopback and reserved addresses are refused (400), every redirect is checked again (at most 5), at most 25 MB within 20 seconds (else 422 remote_error naming the site's status, or 422 remote_timeout).
             * @example https://example.com/essay.html
             */
            url?: string;
            /**
             * @description Public http(s) URL that receives the result by webhook (private, loopback and reserved addresses are refused). Makes the request asynchronous (202).
             * @example https://example.com/hooks/content-integrity
             */
            callback_url?: string;
            /**
             * @description true makes the request asynchronous (202); read the result with GET /api/jobs/{task_id}/.
             * @default false
             * @example false
             */
            poll?: boolean;
            /**
             * @description Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.
             * @example my-shared-secret
             */
            webhook_secret?: string;
        };
        DetectorUpload: {
            /**
             * Format: binary
             * @description The document whose text is read: PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark), recognised from its bytes (never its name); at most 25 MB and 300 pages. Encrypted documents (422 encrypted_document) and scans without a text layer (422 no_text) are refused before any charge.
             */
            file: string;
            /**
             * @description Public http(s) URL that receives the result by webhook (private, loopback and reserved addresses are refused). Makes the request asynchronous (202).
             * @example https://example.com/hooks/content-integrity
             */
            callback_url?: string;
            /**
             * @description true makes the request asynchronous (202); read the result with GET /api/jobs/{task_id}/.
             * @default false
             * @example false
             */
            poll?: boolean;
            /**
             * @description Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.
             * @example my-shared-secret
             */
            webhook_secret?: string;
        };
        HumanizationResult: {
            /**
             * @description `success`.
             * @example success
             * @enum {string}
             */
            status: "success";
            /**
             * @description Job id for async requests; null for synchronous ones.
             * @example null
             */
            task_id: string | null;
            /**
             * @description The humanized text.
             * @example The committee reviewed the proposal on Monday and asked for a revised budget.
             */
            result: string;
            /**
             * @description The AI detector's ai_score of the input text.
             * @example 0.87
             */
            ai_score_before: number;
            /**
             * @description The AI detector's ai_score of the humanized text.
             * @example 0.87
             */
            ai_score_after: number;
            /**
             * @description Humanizer engine and version.
             * @example ci-humanizer-1.0.0
             */
            service_name: string;
            /**
             * @description Processing time in seconds.
             * @example 0.042
             */
            execution_time: number;
            /**
             * @description Word count of the input (script-aware: each CJK character is one word).
             * @example 250
             */
            word_count: number;
            /**
             * @description Credit balance after this request.
             * @example 99750
             */
            credits_remaining: number;
            user: components["schemas"]["UserRef"];
            document?: components["schemas"]["DocumentInfo"];
        };
        HumanizationAccepted: {
            /**
             * @description `pending`: accepted for async processing.
             * @example pending
             * @enum {string}
             */
            status: "pending";
            /**
             * @description Job id (UUID) to read with GET /api/jobs/{task_id}/.
             * @example 3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14
             */
            task_id: string;
            /**
             * @description Word count of the input (script-aware: each CJK character is one word).
             * @example 250
             */
            word_count: number;
            /**
             * @description Credit balance after this request.
             * @example 99750
             */
            credits_remaining: number;
            user: components["schemas"]["UserRef"];
            result: null;
            service_name: null;
            execution_time: null;
        };
        HumanizerRequest: {
            /**
             * @description Text to humanize: 50 to 2,000 words, at most 30,000 characters. 1 credit per word. Must be well-formed Unicode without U+0000 or unpaired surrogates (else 400 invalid_payload, nothing charged). Send exactly one of content, url and (multipart/form-data) file.
             * @example Artificial intelligence has become an integral part of modern society, transforming the way we live and work. Moreover, it is important to note that these technologies offer numerous benefits across various industries. Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation in an ever-evolving landscape that rewards careful planning.
             */
            content?: string;
            /**
             * Format: uri
             * @description Instead of content: an http(s) address whose page or file is fetched and read (PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark); an HTML page's main text, as a browser's reader view shows it). Private, loopback and reserved addresses are refused (400), every redirect is checked again (at most 5), at most 25 MB within 20 seconds (else 422 remote_error naming the site's status, or 422 remote_timeout).
             * @example https://example.com/essay.html
             */
            url?: string;
            /**
             * @description Public http(s) URL that receives the result by webhook (private, loopback and reserved addresses are refused). Makes the request asynchronous (202).
             * @example https://example.com/hooks/content-integrity
             */
            callback_url?: string;
            /**
             * @description true makes the request asynchronous (202); read the result with GET /api/jobs/{task_id}/.
             * @default false
             * @example false
             */
            poll?: boolean;
            /**
             * @description Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.
             * @example my-shared-secret
             */
            webhook_secret?: string;
        };
        HumanizerUpload: {
            /**
             * Format: binary
             * @description The document whose text is read: PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark), recognised from its bytes (never its name); at most 25 MB and 300 pages. Encrypted documents (422 encrypted_document) and scans without a text layer (422 no_text) are refused before any charge.
             */
            file: string;
            /**
             * @description Public http(s) URL that receives the result by webhook (private, loopback and reserved addresses are refused). Makes the request asynchronous (202).
             * @example https://example.com/hooks/content-integrity
             */
            callback_url?: string;
            /**
             * @description true makes the request asynchronous (202); read the result with GET /api/jobs/{task_id}/.
             * @default false
             * @example false
             */
            poll?: boolean;
            /**
             * @description Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.
             * @example my-shared-secret
             */
            webhook_secret?: string;
        };
        /** @description Detection result, with the humanized text when ai_score > detection_threshold. */
        DetectAndHumanizeResult: components["schemas"]["DetectAndHumanizeHumanized"] | components["schemas"]["DetectAndHumanizeNotHumanized"];
        DetectAndHumanizeHumanized: {
            /**
             * @description `success`.
             * @example success
             * @enum {string}
             */
            status: "success";
            /**
             * @description Job id for async requests; null for synchronous ones.
             * @example null
             */
            task_id: string | null;
            /**
             * @description AI score of the full text.
             * @example 0.87
             */
            ai_score: number;
            /**
             * @description The caller's threshold.
             * @example 0.5
             */
            detection_threshold: number;
            /**
             * @description Whether ai_score > detection_threshold.
             * @example true
             */
            needs_humanization: boolean;
            /**
             * @description Detection engine and version.
             * @example ci-textdetect-4.2.0
             */
            detector_service: string;
            /**
             * @description Detection time in seconds.
             * @example 0.042
             */
            detection_time: number;
            /**
             * @description Word count of the input (script-aware: each CJK character is one word).
             * @example 250
             */
            word_count: number;
            /**
             * @description Credit balance after this request.
             * @example 99750
             */
            credits_remaining: number;
            /**
             * @description Detailed status message.
             * @example AI score 0.91 is above the threshold 0.5: the text was humanized.
             */
            message: string;
            user: components["schemas"]["UserRef"];
            document?: components["schemas"]["DocumentInfo"];
            /**
             * @description true: the text was humanized.
             * @example true
             * @enum {boolean}
             */
            humanized: true;
            /**
             * @description The input text.
             * @example The committee reviewed the proposal on Monday and asked for a revised budget.
             */
            original_content: string;
            /**
             * @description The humanized text.
             * @example The committee reviewed the proposal on Monday and asked for a revised budget.
             */
            humanized_content: string;
            /**
             * @description The AI detector's ai_score of the input text.
             * @example 0.87
             */
            ai_score_before: number;
            /**
             * @description The AI detector's ai_score of the humanized text.
             * @example 0.87
             */
            ai_score_after: number;
            /**
             * @description Humanizer engine and version.
             * @example ci-humanizer-1.0.0
             */
            humanizer_service: string;
            /**
             * @description Humanization time in seconds.
             * @example 0.042
             */
            humanization_time: number;
            /**
             * @description Total time in seconds.
             * @example 0.042
             */
            total_time: number;
        };
        DetectAndHumanizeNotHumanized: {
            /**
             * @description `success`; `error` when detection succeeded but humanization failed (the humanization part of the charge was refunded, message says why).
             * @example success
             * @enum {string}
             */
            status: "success" | "error";
            /**
             * @description Job id for async requests; null for synchronous ones.
             * @example null
             */
            task_id: string | null;
            /**
             * @description AI score of the full text.
             * @example 0.87
             */
            ai_score: number;
            /**
             * @description The caller's threshold.
             * @example 0.5
             */
            detection_threshold: number;
            /**
             * @description Whether ai_score > detection_threshold.
             * @example true
             */
            needs_humanization: boolean;
            /**
             * @description Detection engine and version.
             * @example ci-textdetect-4.2.0
             */
            detector_service: string;
            /**
             * @description Detection time in seconds.
             * @example 0.042
             */
            detection_time: number;
            /**
             * @description Word count of the input (script-aware: each CJK character is one word).
             * @example 250
             */
            word_count: number;
            /**
             * @description Credit balance after this request.
             * @example 99750
             */
            credits_remaining: number;
            /**
             * @description Detailed status message.
             * @example AI score 0.91 is above the threshold 0.5: the text was humanized.
             */
            message: string;
            user: components["schemas"]["UserRef"];
            document?: components["schemas"]["DocumentInfo"];
            /**
             * @description false: the text was not humanized.
             * @example false
             * @enum {boolean}
             */
            humanized: false;
            /**
             * @description The input text, unchanged.
             * @example The committee reviewed the proposal on Monday and asked for a revised budget.
             */
            content: string;
            /** @description Sentence-level analysis, as `items` of the detector. */
            detection_items: components["schemas"]["SentenceItem"][];
        };
        DetectAndHumanizeAccepted: {
            /**
             * @description `pending`: accepted for async processing.
             * @example pending
             * @enum {string}
             */
            status: "pending";
            /**
             * @description Job id (UUID) to read with GET /api/jobs/{task_id}/.
             * @example 3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14
             */
            task_id: string;
            /**
             * @description Word count of the input (script-aware: each CJK character is one word).
             * @example 250
             */
            word_count: number;
            /**
             * @description Credit balance after this request.
             * @example 99750
             */
            credits_remaining: number;
            user: components["schemas"]["UserRef"];
            ai_score: null;
            /**
             * @description The caller's threshold.
             * @example 0.5
             */
            detection_threshold: number;
            needs_humanization: null;
            detector_service: null;
            detection_time: null;
            /**
             * @description Status message.
             * @example Accepted for processing.
             */
            message: string;
        };
        DetectAndHumanizeRequest: {
            /**
             * @description Text to process: 50 to 2,000 words, at most 30,000 characters. 1 credit per word for detection plus 1 per word for humanization; the humanization part is refunded when the text is not humanized. Must be well-formed Unicode without U+0000 or unpaired surrogates (else 400 invalid_payload, nothing charged). Send exactly one of content, url and (multipart/form-data) file.
             * @example Artificial intelligence has become an integral part of modern society, transforming the way we live and work. Moreover, it is important to note that these technologies offer numerous benefits across various industries. Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation in an ever-evolving landscape that rewards careful planning.
             */
            content?: string;
            /**
             * Format: uri
             * @description Instead of content: an http(s) address whose page or file is fetched and read (PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark); an HTML page's main text, as a browser's reader view shows it). Private, loopback and reserved addresses are refused (400), every redirect is checked again (at most 5), at most 25 MB within 20 seconds (else 422 remote_error naming the site's status, or 422 remote_timeout).
             * @example https://example.com/essay.html
             */
            url?: string;
            /**
             * @description The text is humanized only when its ai_score is greater than this value (0.0 to 1.0).
             * @example 0.5
             */
            detection_threshold: number;
            /**
             * @description Public http(s) URL that receives the result by webhook (private, loopback and reserved addresses are refused). Makes the request asynchronous (202).
             * @example https://example.com/hooks/content-integrity
             */
            callback_url?: string;
            /**
             * @description true makes the request asynchronous (202); read the result with GET /api/jobs/{task_id}/.
             * @default false
             * @example false
             */
            poll?: boolean;
            /**
             * @description Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.
             * @example my-shared-secret
             */
            webhook_secret?: string;
        };
        DetectAndHumanizeUpload: {
            /**
             * Format: binary
             * @description The document whose text is read: PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark), recognised from its bytes (never its name); at most 25 MB and 300 pages. Encrypted documents (422 encrypted_document) and scans without a text layer (422 no_text) are refused before any charge.
             */
            file: string;
            /**
             * @description The text is humanized only when its ai_score is greater than this value (0.0 to 1.0).
             * @example 0.5
             */
            detection_threshold: number;
            /**
             * @description Public http(s) URL that receives the result by webhook (private, loopback and reserved addresses are refused). Makes the request asynchronous (202).
             * @example https://example.com/hooks/content-integrity
             */
            callback_url?: string;
            /**
             * @description true makes the request asynchronous (202); read the result with GET /api/jobs/{task_id}/.
             * @default false
             * @example false
             */
            poll?: boolean;
            /**
             * @description Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.
             * @example my-shared-secret
             */
            webhook_secret?: string;
        };
        /** @description `processing`, then the success body of the endpoint that created the job (task_id filled), or `failed`. Kept 1 hour after completion. */
        JobStatus: components["schemas"]["JobProcessing"] | components["schemas"]["JobFailed"] | components["schemas"]["DetectionResult"] | components["schemas"]["HumanizationResult"] | components["schemas"]["DetectAndHumanizeHumanized"] | components["schemas"]["DetectAndHumanizeNotHumanized"];
        JobProcessing: {
            /**
             * @description Queued or running.
             * @example processing
             * @enum {string}
             */
            status: "processing";
            /**
             * @description Job id.
             * @example 3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14
             */
            task_id: string;
            result: null;
            service_name: null;
            execution_time: null;
            word_count: null;
            credits_remaining: null;
            user: components["schemas"]["UserRef"];
        };
        JobFailed: {
            /**
             * @description Processing failed; the credits were refunded.
             * @example failed
             * @enum {string}
             */
            status: "failed";
            /**
             * @description Job id.
             * @example 3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14
             */
            task_id: string;
            result: null;
            /**
             * @description What went wrong.
             * @example The detection engine failed; the credits were refunded.
             */
            error: string;
            /**
             * @description Word count of the input (script-aware: each CJK character is one word).
             * @example 250
             */
            word_count: number;
        };
        BatchAccepted: {
            /**
             * @description Accepted: every item is queued.
             * @example queued
             * @enum {string}
             */
            status: "queued";
            /**
             * @description Batch id.
             * @example 3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14
             */
            batch_id: string;
            /**
             * @description The service every item of the batch goes through: the single request's bounds, price and result.
             * @example detector
             * @enum {string}
             */
            service: "detector" | "humanizer" | "detect-and-humanize" | "grammar" | "plagiarism";
            /**
             * @description Items accepted.
             * @example 30
             */
            item_count: number;
            /**
             * @description Credits taken from the balance at acceptance for all items together; an item that fails or is cancelled gets its share back.
             * @example 1250
             */
            credits_held: number;
            /**
             * @description Credit balance after this request.
             * @example 99750
             */
            credits_remaining: number;
            user: components["schemas"]["UserRef"];
            /**
             * @description Status message.
             * @example Accepted: 30 items queued.
             */
            message: string;
        };
        /** @description One service, its options (applied to every item) and the items. */
        BatchRequest: components["schemas"]["DetectorBatchRequest"] | components["schemas"]["HumanizerBatchRequest"] | components["schemas"]["DetectAndHumanizeBatchRequest"] | components["schemas"]["GrammarBatchRequest"] | components["schemas"]["PlagiarismBatchRequest"];
        DetectorBatchRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            service: "detector";
            /** @description 1 to 100 items, run in this order (several at once); each costs what its single request costs. */
            items: components["schemas"]["BatchItemInput"][];
            /**
             * @description Public http(s) URL that receives one `batch.completed` webhook when the last item ends (private, loopback and reserved addresses are refused).
             * @example https://example.com/hooks/content-integrity
             */
            callback_url?: string;
            /**
             * @description Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.
             * @example my-shared-secret
             */
            webhook_secret?: string;
        };
        BatchItemInput: {
            /**
             * @description The item's text, within the bounds of its service's single request (else the whole batch is refused and this item is listed in details.items). Must be well-formed Unicode without U+0000 or unpaired surrogates (else 400 invalid_payload, nothing charged). Exactly one of content and url.
             * @example The committee reviewed the proposal on Monday and asked for a revised budget.
             */
            content?: string;
            /**
             * Format: uri
             * @description Instead of content: an http(s) address whose page or document is fetched and read at acceptance, as the single requests' `url` is (a failure refuses the batch, with this item listed in details.items, nothing charged).
             * @example https://example.com/essay.html
             */
            url?: string;
            /**
             * @description Your own reference for the item (a file name, a row id; at most 200 characters), given back with its result.
             * @example essay-07
             */
            ref?: string;
        };
        HumanizerBatchRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            service: "humanizer";
            /** @description 1 to 100 items, run in this order (several at once); each costs what its single request costs. */
            items: components["schemas"]["BatchItemInput"][];
            /**
             * @description Public http(s) URL that receives one `batch.completed` webhook when the last item ends (private, loopback and reserved addresses are refused).
             * @example https://example.com/hooks/content-integrity
             */
            callback_url?: string;
            /**
             * @description Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.
             * @example my-shared-secret
             */
            webhook_secret?: string;
        };
        DetectAndHumanizeBatchRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            service: "detect-and-humanize";
            /**
             * @description Every item is humanized only when its ai_score is greater than this value (0.0 to 1.0).
             * @example 0.5
             */
            detection_threshold: number;
            /** @description 1 to 100 items, run in this order (several at once); each costs what its single request costs. */
            items: components["schemas"]["BatchItemInput"][];
            /**
             * @description Public http(s) URL that receives one `batch.completed` webhook when the last item ends (private, loopback and reserved addresses are refused).
             * @example https://example.com/hooks/content-integrity
             */
            callback_url?: string;
            /**
             * @description Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.
             * @example my-shared-secret
             */
            webhook_secret?: string;
        };
        GrammarBatchRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            service: "grammar";
            /**
             * @description `auto` (default) keeps each item's variant; otherwise the English variant to write every item in.
             * @default auto
             * @example auto
             * @enum {string}
             */
            target_variant?: "auto" | "en-US" | "en-GB" | "en-CA" | "en-AU" | "en-IN";
            /** @description 1 to 100 items, run in this order (several at once); each costs what its single request costs. */
            items: components["schemas"]["BatchItemInput"][];
            /**
             * @description Public http(s) URL that receives one `batch.completed` webhook when the last item ends (private, loopback and reserved addresses are refused).
             * @example https://example.com/hooks/content-integrity
             */
            callback_url?: string;
            /**
             * @description Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.
             * @example my-shared-secret
             */
            webhook_secret?: string;
        };
        PlagiarismBatchRequest: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            service: "plagiarism";
            /** @description 1 to 100 items, run in this order (several at once); each costs what its single request costs. */
            items: components["schemas"]["BatchItemInput"][];
            /**
             * @description Public http(s) URL that receives one `batch.completed` webhook when the last item ends (private, loopback and reserved addresses are refused).
             * @example https://example.com/hooks/content-integrity
             */
            callback_url?: string;
            /**
             * @description Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.
             * @example my-shared-secret
             */
            webhook_secret?: string;
        };
        /** @description A batch of documents: one service, its options (applied to every item) and the files. */
        BatchUpload: {
            /**
             * @description The service every item of the batch goes through: the single request's bounds, price and result.
             * @example detector
             * @enum {string}
             */
            service: "detector" | "humanizer" | "detect-and-humanize" | "grammar" | "plagiarism";
            /** @description 1 to 20 documents, one item each, in this order (repeat the field: `-F files=@a.pdf -F files=@b.docx`): PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark), recognised from their bytes; each at most 25 MB and 300 pages, 100 MB together. An item's ref is its file name (without any folder). A file that cannot be read refuses the whole batch, listed in details.items, nothing charged. */
            files: string[];
            /**
             * @description detect-and-humanize only, and required there: every item is humanized only when its ai_score is greater than this value (0.0 to 1.0).
             * @example 0.5
             */
            detection_threshold?: number;
            /**
             * @description grammar only: `auto` (default) keeps each item's variant; otherwise the English variant to write every item in.
             * @example auto
             * @enum {string}
             */
            target_variant?: "auto" | "en-US" | "en-GB" | "en-CA" | "en-AU" | "en-IN";
            /**
             * @description Public http(s) URL that receives one `batch.completed` webhook when the last item ends.
             * @example https://example.com/hooks/content-integrity
             */
            callback_url?: string;
            /**
             * @description Sent unchanged in the `X-Webhook-Secret` header of the webhook POST, and the key of its Standard Webhooks `webhook-signature`.
             * @example my-shared-secret
             */
            webhook_secret?: string;
        };
        /** @description A batch with one page of its items. Kept 1 hour after its last item ended. */
        BatchStatus: {
            /**
             * @description Batch id.
             * @example 3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14
             */
            batch_id: string;
            /**
             * @description The service every item of the batch goes through: the single request's bounds, price and result.
             * @example detector
             * @enum {string}
             */
            service: "detector" | "humanizer" | "detect-and-humanize" | "grammar" | "plagiarism";
            /**
             * @description `queued` (no item started yet), `running`, then `completed` (every item succeeded), `completed_with_errors` (at least one failed) or `cancelled` (cancelled before every item ran).
             * @example running
             * @enum {string}
             */
            status: "queued" | "running" | "completed" | "completed_with_errors" | "cancelled";
            /**
             * @description When the batch was accepted (ISO 8601).
             * @example 2026-12-06T04:00:00.000Z
             */
            created_at: string;
            /**
             * @description When its last item ended; null until then.
             * @example null
             */
            completed_at: string | null;
            /**
             * @description Items in the batch.
             * @example 30
             */
            item_count: number;
            /**
             * @description Items per state.
             * @example {
             *       "queued": 10,
             *       "running": 2,
             *       "succeeded": 18,
             *       "failed": 0,
             *       "cancelled": 0
             *     }
             */
            counts: {
                /**
                 * @description Waiting for their turn.
                 * @example 0
                 */
                queued: number;
                /**
                 * @description Being processed.
                 * @example 0
                 */
                running: number;
                /**
                 * @description Done, with a result.
                 * @example 0
                 */
                succeeded: number;
                /**
                 * @description Failed for good (refunded).
                 * @example 0
                 */
                failed: number;
                /**
                 * @description Cancelled before they started (refunded).
                 * @example 0
                 */
                cancelled: number;
            };
            /**
             * @description Taken at acceptance for all items.
             * @example 1250
             */
            credits_held: number;
            /**
             * @description Kept for items that succeeded.
             * @example 750
             */
            credits_charged: number;
            /**
             * @description Given back: items that failed or were cancelled, and the humanization part of detect-and-humanize items that were not humanized.
             * @example 0
             */
            credits_refunded: number;
            user: components["schemas"]["UserRef"];
            /** @description This page of items, in request order. */
            items: components["schemas"]["BatchItem"][];
            /**
             * @description Pass it as `cursor` for the next page; null on the last one.
             * @example 25
             */
            next_cursor: string | null;
        };
        BatchItem: {
            /**
             * @description Position of the item in the request, from 0.
             * @example 0
             */
            index: number;
            /**
             * @description The item's `ref` as sent; null when none was.
             * @example essay-07
             */
            ref: string | null;
            /**
             * @description Where the item stands.
             * @example succeeded
             * @enum {string}
             */
            status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
            /**
             * @description Once `succeeded`: the body the single synchronous request would have returned (its task_id null); else null.
             * @example {
             *       "status": "success",
             *       "task_id": null,
             *       "result": "human",
             *       "ai_score": 0.12,
             *       "items": [
             *         {
             *           "text": "The committee reviewed the proposal on Monday and asked for a revised budget.",
             *           "prediction": "original",
             *           "ai_score": 0.12
             *         }
             *       ],
             *       "service_name": "ci-textdetect-4.4.0",
             *       "execution_time": 0.004,
             *       "word_count": 13,
             *       "credits_remaining": 99750,
             *       "message": null,
             *       "user": {
             *         "id": 42
             *       }
             *     }
             */
            result: components["schemas"]["DetectionResult"] | components["schemas"]["HumanizationResult"] | components["schemas"]["DetectAndHumanizeHumanized"] | components["schemas"]["DetectAndHumanizeNotHumanized"] | components["schemas"]["GrammarResult"] | components["schemas"]["PlagiarismResult"] | null;
            /**
             * @description Why the item failed or was cancelled; else null.
             * @example null
             */
            error: string | null;
        };
        GrammarResult: {
            /**
             * @description Always `success`.
             * @example success
             * @enum {string}
             */
            status: "success";
            /**
             * @description The corrected text.
             * @example She goes to school every day.
             */
            corrected_text: string;
            /** @description Complete word-level diff, one operation per change, never truncated. */
            diff: components["schemas"]["DiffOperation"][];
            /** @description High-level notes. */
            issues: components["schemas"]["GrammarIssue"][];
            /**
             * @description Number of corrections; always equals the length of diff.
             * @example 2
             */
            edits_count: number;
            /**
             * @description false means the text was already clean: diff empty and corrected_text equals the input.
             * @example true
             */
            changed: boolean;
            /**
             * @description Script-aware word count; the amount charged.
             * @example 6
             */
            input_words: number;
            /**
             * @description Character count (code points) of the submitted text.
             * @example 28
             */
            input_chars: number;
            /**
             * @description Credits charged for this request.
             * @example 6
             */
            word_count: number;
            /**
             * @description Processing time in seconds.
             * @example 0.042
             */
            execution_time: number;
            /**
             * @description Credit balance after this request.
             * @example 99750
             */
            credits_remaining: number;
            user: components["schemas"]["UserRef"];
            document?: components["schemas"]["DocumentInfo"];
        };
        DiffOperation: {
            /**
             * @description Kind of change.
             * @example replace
             * @enum {string}
             */
            type: "replace" | "insert" | "delete";
            /**
             * @description Replaced or deleted text; empty for insertions.
             * @example go
             */
            original: string;
            /**
             * @description Replacement text; empty for deletions.
             * @example goes
             */
            corrected: string;
            /**
             * @description Start offset in Unicode code points into the text exactly as submitted.
             * @example 4
             */
            start: number;
            /**
             * @description End offset (exclusive), code points.
             * @example 6
             */
            end: number;
            /**
             * @description Kind of correction; `variant` is a spelling converted to `target_variant`.
             * @example grammar
             * @enum {string}
             */
            category: "grammar" | "spelling" | "punctuation" | "capitalization" | "spacing" | "variant";
            /**
             * @description Why the words changed, in a sentence the writer can act on.
             * @example The verb and its subject (or the determiner and its noun) must agree in number: "goes".
             */
            explanation: string;
            /**
             * @description Document requests, PDF only: the 1-based page this starts on.
             * @example 2
             */
            page?: number;
            /**
             * @description Document requests only: the 0-based index of the paragraph (of document.text, separated by blank lines) this starts in.
             * @example 4
             */
            paragraph?: number;
        };
        GrammarIssue: {
            /**
             * @description Kind of problem, e.g. grammar, spelling, punctuation.
             * @example grammar
             */
            category: string;
            /**
             * @description low, medium or high.
             * @example medium
             */
            severity: string;
            /**
             * @description A note for the writer.
             * @example Subject-verb agreement: "She go" → "She goes".
             */
            message: string;
        };
        PlagiarismResult: {
            /**
             * @description Always `success`.
             * @example success
             * @enum {string}
             */
            status: "success";
            /**
             * @description Scan identifier, for support requests.
             * @example 3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14
             */
            scan_id: string;
            /**
             * @description 0.0 (original) to 1.0 (fully plagiarised).
             * @example 0.87
             */
            plagiarism_score: number;
            /**
             * @description Below 0.05 original; 0.05–0.15 minor_similarity; 0.15–0.40 moderate_plagiarism; 0.40–0.70 significant_plagiarism; 0.70 and above severe_plagiarism.
             * @example moderate_plagiarism
             * @enum {string}
             */
            verdict: "original" | "minor_similarity" | "moderate_plagiarism" | "significant_plagiarism" | "severe_plagiarism";
            /**
             * @description Human-readable summary.
             * @example 34% of the text matches 2 sources.
             */
            summary: string;
            /** @description Matched sources, strongest first. */
            sources: components["schemas"]["PlagiarismSource"][];
            /** @description Character ranges to highlight. */
            highlights: {
                /**
                 * @description Start offset, code points.
                 * @example 0
                 */
                start: number;
                /**
                 * @description End offset (exclusive), code points.
                 * @example 120
                 */
                end: number;
                /**
                 * @description `high` when similarity >= 0.85, `medium` when >= 0.70, else `low`.
                 * @example high
                 * @enum {string}
                 */
                severity: "high" | "medium" | "low";
                /**
                 * @description Index into sources[].
                 * @example 0
                 */
                source_index: number;
                /**
                 * @description Document requests, PDF only: the 1-based page this starts on.
                 * @example 2
                 */
                page?: number;
                /**
                 * @description Document requests only: the 0-based index of the paragraph (of document.text, separated by blank lines) this starts in.
                 * @example 4
                 */
                paragraph?: number;
            }[];
            /**
             * @description Scan statistics.
             * @example {
             *       "word_count": 250,
             *       "input_chars": 1530,
             *       "sentence_count": 12,
             *       "sources_checked": 40,
             *       "processing_time_ms": 85
             *     }
             */
            stats: {
                word_count: number;
                input_chars: number;
                sentence_count: number;
                sources_checked: number;
                processing_time_ms: number;
            };
            /**
             * @description Processing time in seconds.
             * @example 0.042
             */
            execution_time: number;
            /**
             * @description Word count of the input (script-aware: each CJK character is one word).
             * @example 250
             */
            word_count: number;
            /**
             * @description Credit balance after this request.
             * @example 99750
             */
            credits_remaining: number;
            user: components["schemas"]["UserRef"];
            document?: components["schemas"]["DocumentInfo"];
        };
        PlagiarismSource: {
            /**
             * @description Source URL.
             * @example https://en.wikipedia.org/wiki/Photosynthesis
             */
            url: string;
            /**
             * @description Source title.
             * @example Photosynthesis
             */
            title: string;
            /**
             * @description Source domain.
             * @example en.wikipedia.org
             */
            domain: string;
            /**
             * @description Similarity with this source, 0 to 1.
             * @example 0.87
             */
            similarity_score: number;
            /**
             * @description Submitted words matched by this source.
             * @example 84
             */
            matched_word_count: number;
            /**
             * @description Share of the submitted words matched by this source, in percent (0 to 100).
             * @example 33.6
             */
            matched_percentage: number;
            /** @description Matched passages. */
            matches: {
                submitted_range: {
                    /**
                     * @description Start offset, code points of the text as submitted.
                     * @example 0
                     */
                    start: number;
                    /**
                     * @description End offset (exclusive), code points.
                     * @example 120
                     */
                    end: number;
                };
                /**
                 * @description Similarity of this passage.
                 * @example 0.87
                 */
                similarity: number;
                /**
                 * @description Document requests, PDF only: the 1-based page this starts on.
                 * @example 2
                 */
                page?: number;
                /**
                 * @description Document requests only: the 0-based index of the paragraph (of document.text, separated by blank lines) this starts in.
                 * @example 4
                 */
                paragraph?: number;
            }[];
        };
        BatchCancelled: {
            /**
             * @description Batch id.
             * @example 3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14
             */
            batch_id: string;
            /**
             * @description The service every item of the batch goes through: the single request's bounds, price and result.
             * @example detector
             * @enum {string}
             */
            service: "detector" | "humanizer" | "detect-and-humanize" | "grammar" | "plagiarism";
            /**
             * @description `queued` (no item started yet), `running`, then `completed` (every item succeeded), `completed_with_errors` (at least one failed) or `cancelled` (cancelled before every item ran).
             * @example running
             * @enum {string}
             */
            status: "queued" | "running" | "completed" | "completed_with_errors" | "cancelled";
            /**
             * @description When the batch was accepted (ISO 8601).
             * @example 2026-12-06T04:00:00.000Z
             */
            created_at: string;
            /**
             * @description When its last item ended; null until then.
             * @example null
             */
            completed_at: string | null;
            /**
             * @description Items in the batch.
             * @example 30
             */
            item_count: number;
            /**
             * @description Items per state.
             * @example {
             *       "queued": 10,
             *       "running": 2,
             *       "succeeded": 18,
             *       "failed": 0,
             *       "cancelled": 0
             *     }
             */
            counts: {
                /**
                 * @description Waiting for their turn.
                 * @example 0
                 */
                queued: number;
                /**
                 * @description Being processed.
                 * @example 0
                 */
                running: number;
                /**
                 * @description Done, with a result.
                 * @example 0
                 */
                succeeded: number;
                /**
                 * @description Failed for good (refunded).
                 * @example 0
                 */
                failed: number;
                /**
                 * @description Cancelled before they started (refunded).
                 * @example 0
                 */
                cancelled: number;
            };
            /**
             * @description Taken at acceptance for all items.
             * @example 1250
             */
            credits_held: number;
            /**
             * @description Kept for items that succeeded.
             * @example 750
             */
            credits_charged: number;
            /**
             * @description Given back: items that failed or were cancelled, and the humanization part of detect-and-humanize items that were not humanized.
             * @example 0
             */
            credits_refunded: number;
            user: components["schemas"]["UserRef"];
            /**
             * @description Items cancelled by this request (queued, not started); their credits were refunded.
             * @example 0
             */
            cancelled_items: number;
        };
        /** @description The calling key's account: plan, balance, billing period, limits and usage. */
        Account: {
            /**
             * @description Identifier of the key's owner.
             * @example 42
             */
            user_id: number;
            /**
             * @description Plan name.
             * @example 1M
             */
            plan: string;
            /**
             * @description Current credit balance.
             * @example 987654
             */
            credits_remaining: number;
            /**
             * @description Credits granted at the start of each billing period (unused credits do not roll over).
             * @example 1000000
             */
            monthly_allotment: number;
            /**
             * @description Start of the current billing period (ISO 8601).
             * @example 2026-11-01T00:00:00.000Z
             */
            period_start: string;
            /**
             * @description End of the current billing period, when credits reset to the allotment (ISO 8601).
             * @example 2026-12-01T00:00:00.000Z
             */
            period_end: string;
            /** @description The plan's limits. */
            limits: {
                max_active_keys: number;
                max_pending_jobs: number;
                image_requests_per_minute: number;
                humanizer_sync_requests_per_minute: number;
            };
            /**
             * @description Credits used this billing period per service, net of refunds.
             * @example {
             *       "detector": 1200,
             *       "humanizer": 0,
             *       "detect_and_humanize": 0,
             *       "grammar": 35,
             *       "plagiarism": 4,
             *       "image": 0,
             *       "voice": 0
             *     }
             */
            usage: {
                detector: number;
                humanizer: number;
                detect_and_humanize: number;
                grammar: number;
                plagiarism: number;
                image: number;
                voice: number;
            };
        };
        GrammarRequest: {
            /**
             * @description Text to correct: 5 to 10,000 words, at most 75,000 characters. Diff offsets refer to it exactly as sent. 1 credit per word. Must be well-formed Unicode without U+0000 or unpaired surrogates (else 400 invalid_payload, nothing charged). Send exactly one of content, url and (multipart/form-data) file.
             * @example She go to school every days.
             */
            content?: string;
            /**
             * Format: uri
             * @description Instead of content: an http(s) address whose page or file is fetched and read (PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark); an HTML page's main text, as a browser's reader view shows it). Private, loopback and reserved addresses are refused (400), every redirect is checked again (at most 5), at most 25 MB within 20 seconds (else 422 remote_error naming the site's status, or 422 remote_timeout).
             * @example https://example.com/essay.html
             */
            url?: string;
            /**
             * @description `auto` (default) keeps the variant of the input; otherwise the English variant to write in. Applies only to English text.
             * @default auto
             * @example auto
             * @enum {string}
             */
            target_variant?: "auto" | "en-US" | "en-GB" | "en-CA" | "en-AU" | "en-IN";
        };
        GrammarUpload: {
            /**
             * Format: binary
             * @description The document whose text is read: PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark), recognised from its bytes (never its name); at most 25 MB and 300 pages. Encrypted documents (422 encrypted_document) and scans without a text layer (422 no_text) are refused before any charge.
             */
            file: string;
            /**
             * @description `auto` (default) keeps the variant of the input; otherwise the English variant to write in. Applies only to English text.
             * @default auto
             * @example auto
             * @enum {string}
             */
            target_variant?: "auto" | "en-US" | "en-GB" | "en-CA" | "en-AU" | "en-IN";
        };
        PlagiarismRequest: {
            /**
             * @description Text to scan: at least 50 characters, at most 25,000 words. Highlight offsets refer to it exactly as sent. Flat 2 credits. Must be well-formed Unicode without U+0000 or unpaired surrogates (else 400 invalid_payload, nothing charged). Send exactly one of content, url and (multipart/form-data) file.
             * @example In its Monday meeting, the committee reviewed the proposal on Monday and asked for a revised budget before the end of the month. Several members said the plan was too expensive for a town of its size.
             */
            content?: string;
            /**
             * Format: uri
             * @description Instead of content: an http(s) address whose page or file is fetched and read (PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark); an HTML page's main text, as a browser's reader view shows it). Private, loopback and reserved addresses are refused (400), every redirect is checked again (at most 5), at most 25 MB within 20 seconds (else 422 remote_error naming the site's status, or 422 remote_timeout).
             * @example https://example.com/essay.html
             */
            url?: string;
        };
        PlagiarismUpload: {
            /**
             * Format: binary
             * @description The document whose text is read: PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark), recognised from its bytes (never its name); at most 25 MB and 300 pages. Encrypted documents (422 encrypted_document) and scans without a text layer (422 no_text) are refused before any charge.
             */
            file: string;
        };
        ImageResult: {
            /**
             * @description The class with the highest probability: real photo, fully AI-generated, or authentic image with AI-edited regions.
             * @example real
             * @enum {string}
             */
            prediction: "real" | "fake" | "inpainting";
            /**
             * @description Probability of the predicted class.
             * @example 0.87
             */
            confidence: number;
            /**
             * @description Per-class probabilities; they sum to 1.
             * @example {
             *       "real": 0.81,
             *       "fake": 0.12,
             *       "inpainting": 0.07
             *     }
             */
            probabilities: {
                /**
                 * @description P(real).
                 * @example 0.87
                 */
                real: number;
                /**
                 * @description P(fake).
                 * @example 0.87
                 */
                fake: number;
                /**
                 * @description P(inpainting).
                 * @example 0.87
                 */
                inpainting: number;
            };
            /**
             * @description Credits deducted: max(6, round((197 + 50 × megapixels) / 36.5)), images above 3840×2160 priced as if downscaled.
             * @example 7
             */
            credits_charged: number;
            /**
             * @description Credit balance after this request.
             * @example 99750
             */
            credits_remaining: number;
            user: components["schemas"]["UserRef"];
            /** @description Only when `prediction` is `inpainting`: up to 5 suspected AI-edited regions, most suspicious first. Coarse: each box is made of cells of an 8 × 8 layout over the image (patches of 64 pixels are sampled at the native resolution of the image; images with a side over 4096 pixels are shrunk to fit first). */
            regions?: components["schemas"]["ImageRegion"][];
            /**
             * @description Only when the operator's model server gave no usable answer: what happened (the built-in model decided alone).
             * @example The image-model server gave no usable answer (HTTP 503); the built-in model decided alone.
             */
            message?: string;
            /** @description Only when the operator runs a model server for this engine (README "Bring your own model"): which evidence channels contributed to the verdict, and their own scores. */
            evidence?: components["schemas"]["EvidenceItem"][];
        };
        /** @description A suspected AI-edited region of an image. */
        ImageRegion: {
            /**
             * @description Left edge, in pixels of the submitted image (EXIF orientation not applied).
             * @example 320
             */
            x: number;
            /**
             * @description Top edge, in pixels of the submitted image.
             * @example 128
             */
            y: number;
            /**
             * @description Width in pixels.
             * @example 192
             */
            width: number;
            /**
             * @description Height in pixels.
             * @example 128
             */
            height: number;
            /**
             * @description Mean probability that the pixels of this region are generated.
             * @example 0.87
             */
            score: number;
        };
        ImageUpload: {
            /**
             * Format: binary
             * @description Image to analyze: JPEG, PNG, WebP, GIF, BMP or TIFF, at most 10 MB.
             */
            file: string;
        };
        HealthReport: {
            /**
             * @description `healthy` when the engine can take requests.
             * @example healthy
             * @enum {string}
             */
            status: "healthy" | "unhealthy";
            /**
             * @description The engine's worker pool: `status` and a `<pool>_ready` readiness flag; with an operator model server also `<channel>_ready` (`image_model_ready`, `voice_model_ready`: its last answer was usable and its circuit is not open). A model server that is down does not make the engine unhealthy: the built-in model answers.
             * @example {
             *       "status": "healthy",
             *       "piscina_ready": true
             *     }
             */
            upstream: {
                /** @enum {string} */
                status: "healthy" | "unhealthy";
            } & {
                [key: string]: boolean | string;
            };
            /** @description Circuit breaker in front of the engine. */
            circuit: {
                /**
                 * @description Circuit breaker state; `closed` when normal.
                 * @example closed
                 * @enum {string}
                 */
                status: "closed" | "open" | "half_open";
                /**
                 * @description Failure count in the breaker's rolling window.
                 * @example 0
                 */
                failures: number;
            };
        };
        VoiceResult: {
            /**
             * @description Always `success`.
             * @example success
             * @enum {string}
             */
            status: "success";
            /**
             * @description `undetermined` only when the evidence is balanced or there is too little speech.
             * @example natural_voice
             * @enum {string}
             */
            verdict: "ai_voice" | "natural_voice" | "undetermined";
            /**
             * @description Probability of an AI voice.
             * @example 0.08
             */
            ai_probability: number;
            /**
             * @description Probability of a natural voice.
             * @example 0.92
             */
            natural_probability: number;
            /**
             * @description Duration of the analyzed audio in seconds.
             * @example 12.48
             */
            duration_seconds: number;
            /** @description Per-segment timeline; empty for audio up to about 6 seconds. */
            segments: components["schemas"]["VoiceSegment"][];
            /**
             * @description Present only for longer audio; the segments cover the whole audio.
             * @example {
             *       "total_segments": 4,
             *       "processed_segments": 4,
             *       "ai_segments": 0,
             *       "natural_segments": 4,
             *       "ai_time_percentage": 0
             *     }
             */
            statistics?: {
                total_segments: number;
                processed_segments: number;
                ai_segments: number;
                natural_segments: number;
                ai_time_percentage: number;
            };
            /**
             * @description Present only when verdict is `undetermined`: `no_speech` (silence, music, tones or noise), `too_little_speech` (under about 1 second of speech), `balanced_evidence` (the evidence points neither way). The probabilities are then close to 0.5.
             * @example too_little_speech
             * @enum {string}
             */
            undetermined_reason?: "no_speech" | "too_little_speech" | "balanced_evidence";
            /**
             * @description Duration rounded up to whole seconds, at least 1.
             * @example 13
             */
            billed_seconds: number;
            /**
             * @description billed_seconds × 10.
             * @example 130
             */
            credits_used: number;
            /**
             * @description Processing time in seconds.
             * @example 0.042
             */
            execution_time: number;
            /**
             * @description Credit balance after this request.
             * @example 99750
             */
            credits_remaining: number;
            user: components["schemas"]["UserRef"];
            /**
             * @description Only when the operator's model server gave no usable answer: what happened (the built-in model decided alone).
             * @example The image-model server gave no usable answer (HTTP 503); the built-in model decided alone.
             */
            message?: string;
            /** @description Only when the operator runs a model server for this engine (README "Bring your own model"): which evidence channels contributed to the verdict, and their own scores. */
            evidence?: components["schemas"]["EvidenceItem"][];
        };
        VoiceSegment: {
            /**
             * @description Segment start, seconds with a trailing `s`.
             * @example 0.0s
             */
            start_time: string;
            /**
             * @description Segment end.
             * @example 4.0s
             */
            end_time: string;
            /**
             * @description Segment length.
             * @example 4.0s
             */
            duration: string;
            /**
             * @description Segment verdict.
             * @example natural_voice
             * @enum {string}
             */
            verdict: "ai_voice" | "natural_voice";
            /**
             * @description Probability that the segment is an AI voice.
             * @example 0.06
             */
            ai_probability: number;
        };
        VoiceUpload: {
            /**
             * Format: binary
             * @description Audio to analyze: WAV, FLAC, OGG, MP3, M4A or AAC, at most 150 MB and 600 seconds; no video.
             */
            file: string;
        };
        SourceList: {
            /** @enum {string} */
            status: "success";
            /**
             * @description Sources in the corpus.
             * @example 1200
             */
            total: number;
            sources: {
                url: string;
                title: string;
                domain: string;
                words: number;
                /**
                 * @description ISO 8601 time of the last import.
                 * @example 2026-11-21T10:00:00.000Z
                 */
                imported_at: string;
            }[];
        };
        SourceImportResult: {
            /** @enum {string} */
            status: "success";
            /**
             * @description Sources written.
             * @example 2
             */
            imported: number;
        };
        SourceImportRequest: {
            /** @description Up to 1,000 sources per request (use the admin CLI for bulk JSONL imports). */
            sources: {
                /**
                 * Format: uri
                 * @description Source URL, shown to every user whose scan matches it: absolute http or https, printable ASCII (percent-encode anything else), at most 2048 characters. Importing the same URL again replaces it.
                 * @example https://example.com/article
                 */
                url: string;
                /**
                 * @description Source title, shown with the URL: at most 500 characters on one line, without control or bidirectional formatting characters.
                 * @example An article
                 */
                title: string;
                /**
                 * @description Source text. Must be well-formed Unicode without U+0000 or unpaired surrogates (else 400 invalid_payload, nothing charged).
                 * @example The committee reviewed the proposal on Monday and asked for a revised budget before the end of the month. Several members said the plan was too expensive for a town of its size. The mayor promised a shorter version by Friday.
                 */
                text: string;
            }[];
        };
        SourceDeleteResult: {
            /** @enum {string} */
            status: "success";
            /**
             * @description false when no source had that URL.
             * @example true
             */
            deleted: boolean;
        };
        Liveness: {
            /**
             * @description The process answers: its event loop runs.
             * @enum {string}
             */
            status: "alive";
        };
        Readiness: {
            /**
             * @description `ready` when every part below is `ready` or `disabled`.
             * @example ready
             * @enum {string}
             */
            status: "ready" | "not_ready";
            /**
             * @example {
             *       "database": "ready",
             *       "engines": "ready",
             *       "worker": "ready",
             *       "shutdown": "ready"
             *     }
             */
            checks: {
                /**
                 * @description PostgreSQL answered a query within 1 s.
                 * @enum {string}
                 */
                database: "ready" | "down" | "disabled";
                /**
                 * @description Every engine is loaded on every engine thread (`down` while they load at start, or with a circuit open).
                 * @enum {string}
                 */
                engines: "ready" | "down" | "disabled";
                /**
                 * @description The job worker of this process runs (`disabled` with RUN_WORKER=false: jobs run in `npm run worker` processes).
                 * @enum {string}
                 */
                worker: "ready" | "down" | "disabled";
                /**
                 * @description `draining` once the process has been told to stop: it finishes what it accepted and takes nothing new.
                 * @enum {string}
                 */
                shutdown: "ready" | "draining";
            };
            /** @description Which part is down and why, when not ready. */
            message?: string;
        };
        PortalMe: {
            user: {
                id: number;
                email: string;
            };
            /**
             * @description Plan name.
             * @example Free
             */
            plan: string;
            /** @description Send it back in X-CSRF-Token on every state-changing portal request of this session. */
            csrf_token: string;
        };
        PortalSignIn: {
            /**
             * Format: email
             * @description Email address of the account.
             * @example dev@example.com
             */
            email: string;
            /**
             * @description The password.
             * @example correct horse battery staple
             */
            password: string;
        };
        PortalOk: {
            /**
             * @example ok
             * @enum {string}
             */
            status: "ok";
        };
        PortalSignedOutEverywhere: {
            /**
             * @example ok
             * @enum {string}
             */
            status: "ok";
            sessions_ended: number;
        };
        PortalPasswordSet: {
            /**
             * @example ok
             * @enum {string}
             */
            status: "ok";
            email: string;
        };
        PortalSetPassword: {
            /**
             * @description The token of the invite link (after `#token=`).
             * @example inv_4Jk…
             */
            token: string;
            /**
             * @description A password of 10 to 200 characters.
             * @example correct horse battery staple
             */
            password: string;
        };
        PortalChangePassword: {
            current_password: string;
            /**
             * @description A password of 10 to 200 characters.
             * @example correct horse battery staple
             */
            new_password: string;
        };
        PortalSignUp: {
            /**
             * Format: email
             * @description Email address of the account.
             * @example dev@example.com
             */
            email: string;
            /**
             * @description A password of 10 to 200 characters.
             * @example correct horse battery staple
             */
            password: string;
        };
        PortalKeyList: {
            keys: components["schemas"]["PortalKey"][];
            /** @description Keys that count against the plan limit (active and unexpired). */
            active: number;
            /** @description The plan's limit of active keys. */
            max_active_keys: number;
        };
        PortalKey: {
            /**
             * @description Key id (not the key).
             * @example 3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14
             */
            id: string;
            /**
             * @description Name chosen at creation.
             * @example production
             */
            name: string;
            /**
             * @description `Expired`: active but past its expiration date (rejected like a revoked key).
             * @enum {string}
             */
            status: "Active" | "Revoked" | "Expired";
            /**
             * @description The first 10 characters of the key, for recognising it; the full key is never shown again.
             * @example ci_Ab12Cd3
             */
            prefix: string;
            scopes: ("humanizer" | "ai_detector" | "image_detector" | "grammar_checker" | "plagiarism_checker" | "voice_detector")[];
            /**
             * @description Creation time (ISO 8601).
             * @example 2026-11-26T07:00:00.000Z
             */
            created_at: string;
            /**
             * @description Expiration chosen at creation.
             * @enum {string}
             */
            expiration: "never" | "30d" | "60d" | "90d";
            /**
             * @description Expiry time (ISO 8601).
             * @example 2026-11-26T07:00:00.000Z
             */
            expires_at: string | null;
            /**
             * @description Last successful API call, to the minute (ISO 8601).
             * @example 2026-11-26T07:00:00.000Z
             */
            last_used_at: string | null;
        };
        PortalCreatedKey: {
            /**
             * @description The full key: shown in this response only, never stored or shown again.
             * @example ci_Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90
             */
            key: string;
            record: components["schemas"]["PortalKey"];
        };
        PortalCreateKey: {
            /**
             * @description Key Name.
             * @example production
             */
            name: string;
            /** @description Model Access: at least one scope. detect-and-humanize needs both `humanizer` and `ai_detector`. */
            scopes: ("humanizer" | "ai_detector" | "image_detector" | "grammar_checker" | "plagiarism_checker" | "voice_detector")[];
            /**
             * @description Never, 30, 60 or 90 days.
             * @enum {string}
             */
            expiration: "never" | "30d" | "60d" | "90d";
        };
        PortalUsage: {
            account: components["schemas"]["Account"];
            /** @description Credits used per UTC day and service in the billing period (net of refunds). */
            daily: {
                /** @example 2026-11-26 */
                date: string;
                service: string;
                credits: number;
            }[];
        };
        PortalLedger: {
            entries: {
                id: number;
                /**
                 * @description When (ISO 8601).
                 * @example 2026-11-26T07:00:00.000Z
                 */
                time: string;
                /** @enum {string} */
                kind: "charge" | "refund" | "grant" | "reset";
                /**
                 * @description What was charged or refunded.
                 * @example detector
                 */
                operation: string;
                request_id: string | null;
                task_id: string | null;
                /**
                 * @description Negative for a charge, positive for a refund or grant.
                 * @example -42
                 */
                credits: number;
                balance_after: number;
            }[];
            page: number;
            per_page: number;
            total: number;
        };
        PortalJobs: {
            jobs: {
                task_id: string;
                /** @example /api/detector/ */
                endpoint: string;
                /** @enum {string} */
                status: "processing" | "success" | "failed";
                /**
                 * @description Accepted (ISO 8601).
                 * @example 2026-11-26T07:00:00.000Z
                 */
                created_at: string;
                /**
                 * @description Finished (ISO 8601).
                 * @example 2026-11-26T07:00:00.000Z
                 */
                finished_at: string | null;
                callback_url: string | null;
                /** @description The JSON body every delivery POSTs (as GET /api/jobs/{task_id}/ returns it); null without a callback_url or before the job finished. */
                payload: {
                    [key: string]: unknown;
                } | null;
                /**
                 * @description The webhook: `none` (no callback_url), `pending` (not sent yet), `retrying` (failed, another attempt scheduled), `delivered` (a 2xx answer), `gave_up` (every attempt failed; "Send again" still works).
                 * @example delivered
                 * @enum {string}
                 */
                delivery: "none" | "pending" | "retrying" | "delivered" | "gave_up";
                attempts: {
                    attempt: number;
                    /**
                     * @description When the attempt was made (ISO 8601).
                     * @example 2026-11-26T07:00:00.000Z
                     */
                    time: string;
                    /** @description HTTP status of the receiver; null on a network error. */
                    status_code: number | null;
                    /** @description Network error or timeout, if any. */
                    error: string | null;
                    duration_ms: number;
                    ok: boolean;
                    /**
                     * @description The start of the receiver's reply (up to 2,000 characters); null when no reply came.
                     * @example {"received":true}
                     */
                    response_body: string | null;
                }[];
                /**
                 * @description Next scheduled delivery attempt (ISO 8601).
                 * @example 2026-11-26T07:00:00.000Z
                 */
                next_retry_at: string | null;
            }[];
            /** @description Recent batches (kept as long as job results), newest first. */
            batches: {
                batch_id: string;
                /** @example detector */
                service: string;
                /** @enum {string} */
                status: "queued" | "running" | "completed" | "completed_with_errors" | "cancelled";
                /**
                 * @description Accepted (ISO 8601).
                 * @example 2026-11-26T07:00:00.000Z
                 */
                created_at: string;
                /**
                 * @description When its last item ended (ISO 8601).
                 * @example 2026-11-26T07:00:00.000Z
                 */
                completed_at: string | null;
                item_count: number;
                counts: {
                    queued: number;
                    running: number;
                    succeeded: number;
                    failed: number;
                    cancelled: number;
                };
                credits_held: number;
                credits_charged: number;
                credits_refunded: number;
                callback_url: string | null;
                /**
                 * @description The webhook: `none` (no callback_url), `pending` (not sent yet), `retrying` (failed, another attempt scheduled), `delivered` (a 2xx answer), `gave_up` (every attempt failed; "Send again" still works).
                 * @example delivered
                 * @enum {string}
                 */
                delivery: "none" | "pending" | "retrying" | "delivered" | "gave_up";
                attempts: {
                    attempt: number;
                    /**
                     * @description When the attempt was made (ISO 8601).
                     * @example 2026-11-26T07:00:00.000Z
                     */
                    time: string;
                    /** @description HTTP status of the receiver; null on a network error. */
                    status_code: number | null;
                    /** @description Network error or timeout, if any. */
                    error: string | null;
                    duration_ms: number;
                    ok: boolean;
                    /**
                     * @description The start of the receiver's reply (up to 2,000 characters); null when no reply came.
                     * @example {"received":true}
                     */
                    response_body: string | null;
                }[];
                /**
                 * @description Next scheduled delivery attempt (ISO 8601).
                 * @example 2026-11-26T07:00:00.000Z
                 */
                next_retry_at: string | null;
                items: {
                    index: number;
                    ref: string | null;
                    /** @enum {string} */
                    status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
                    error: string | null;
                }[];
            }[];
        };
        PortalPlaygroundText: {
            /** @description The text, as the API endpoint takes it. */
            content?: string;
            /** @description Instead of content: an address whose page or file is read, as the API endpoint takes it. */
            url?: string;
        };
        PortalPlaygroundUpload: {
            /**
             * Format: binary
             * @description A document: PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark).
             */
            file: string;
        };
        PortalPlaygroundGrammarUpload: {
            /**
             * Format: binary
             * @description A document: PDF (with a text layer), DOCX, ODT, HTML, Markdown or plain text (UTF-8, or UTF-16 with a byte order mark).
             */
            file: string;
            target_variant?: string;
        };
    };
    responses: {
        /** @description Unknown path (`not_found`). Paths end with a slash; the message suggests the slashed form. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The path exists but not with this method (`method_not_allowed`); the `Allow` header lists the methods it takes. */
        MethodNotAllowed: {
            headers: {
                /** @description Methods the path takes. */
                Allow?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    detectText: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "The committee reviewed the proposal on Monday and asked for a revised budget."
                 *     }
                 */
                "application/json": components["schemas"]["DetectorRequest"];
                "multipart/form-data": components["schemas"]["DetectorUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "task_id": null,
                     *       "result": "human",
                     *       "ai_score": 0.4665,
                     *       "items": [
                     *         {
                     *           "text": "The committee reviewed the proposal on Monday and asked for a revised budget.",
                     *           "prediction": "original",
                     *           "ai_score": 0.4199
                     *         }
                     *       ],
                     *       "service_name": "ci-textdetect-4.4.0",
                     *       "execution_time": 0.0015,
                     *       "word_count": 13,
                     *       "credits_remaining": 24999987,
                     *       "message": "The text is short (13 words): short texts carry little evidence, so the score stays near the middle; 60 words or more give a more confident verdict.",
                     *       "user": {
                     *         "id": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DetectionResult"];
                };
            };
            /** @description Accepted for asynchronous processing. */
            202: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "pending",
                     *       "task_id": "3de4781a-5dc9-43b9-a8c1-f9a03ed56932",
                     *       "word_count": 13,
                     *       "credits_remaining": 24999974,
                     *       "user": {
                     *         "id": 1
                     *       },
                     *       "result": null,
                     *       "ai_score": null,
                     *       "items": null,
                     *       "service_name": null,
                     *       "execution_time": null,
                     *       "message": null
                     *     }
                     */
                    "application/json": components["schemas"]["DetectionAccepted"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `min_words_not_met` (The text has fewer words than the endpoint accepts; details has limit and actual.); `max_words_exceeded` (The text has more words than the endpoint accepts; details has limit and actual.); `unreadable_document` (The uploaded or fetched document is damaged, truncated or not what its first bytes say, or could not be read within the time limit; nothing was charged.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_document` (The uploaded or fetched file is not a format the text services read (PDF, DOCX, ODT, HTML, Markdown, plain text); the message and details.detected say what the bytes are. Nothing was charged.); `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable document or address. Codes: `encrypted_document` (The document is encrypted or password-protected; send it without the protection. Nothing was charged.); `no_text` (The document has no text to read: a PDF without a text layer (a scan: scanned pages are not read), or an empty file. Nothing was charged.); `remote_error` (The `url` could not be fetched: the site answered with an error status (details.remote_status), too many redirects, or the connection failed. Nothing was charged.); `remote_timeout` (The `url` did not answer completely within the time limit (details.limit_seconds). Nothing was charged.) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests. Codes: `pending_job_limit` (The plan's limit of pending async jobs is reached; retry when one completes.) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    humanize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "Artificial intelligence has become an integral part of modern society, transforming the way we live and work. Moreover, it is important to note that these technologies offer numerous benefits across various industries. Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation in an ever-evolving landscape that rewards careful planning."
                 *     }
                 */
                "application/json": components["schemas"]["HumanizerRequest"];
                "multipart/form-data": components["schemas"]["HumanizerUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "task_id": null,
                     *       "result": "Artificial intelligence has become an integral part of modern society, changing the way we live and work. These technologies offer many benefits across many industries. Organizations can use machine learning to improve efficiency, streamline operations and drive innovation in a changing landscape that rewards careful planning.",
                     *       "ai_score_before": 0.8319,
                     *       "ai_score_after": 0.558,
                     *       "service_name": "humanize-2.2.0",
                     *       "execution_time": 0.2884,
                     *       "word_count": 54,
                     *       "credits_remaining": 24999920,
                     *       "user": {
                     *         "id": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["HumanizationResult"];
                };
            };
            /** @description Accepted for asynchronous processing. */
            202: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "pending",
                     *       "task_id": "29c467c7-b23a-40c1-8c3c-670383d33fb4",
                     *       "word_count": 54,
                     *       "credits_remaining": 24999866,
                     *       "user": {
                     *         "id": 1
                     *       },
                     *       "result": null,
                     *       "service_name": null,
                     *       "execution_time": null
                     *     }
                     */
                    "application/json": components["schemas"]["HumanizationAccepted"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `min_words_not_met` (The text has fewer words than the endpoint accepts; details has limit and actual.); `max_words_exceeded` (The text has more words than the endpoint accepts; details has limit and actual.); `unreadable_document` (The uploaded or fetched document is damaged, truncated or not what its first bytes say, or could not be read within the time limit; nothing was charged.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_document` (The uploaded or fetched file is not a format the text services read (PDF, DOCX, ODT, HTML, Markdown, plain text); the message and details.detected say what the bytes are. Nothing was charged.); `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable document or address. Codes: `encrypted_document` (The document is encrypted or password-protected; send it without the protection. Nothing was charged.); `no_text` (The document has no text to read: a PDF without a text layer (a scan: scanned pages are not read), or an empty file. Nothing was charged.); `remote_error` (The `url` could not be fetched: the site answered with an error status (details.remote_status), too many redirects, or the connection failed. Nothing was charged.); `remote_timeout` (The `url` did not answer completely within the time limit (details.limit_seconds). Nothing was charged.) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests. Codes: `pending_job_limit` (The plan's limit of pending async jobs is reached; retry when one completes.); `rate_limited` (Too many requests in the current window; see Retry-After and RateLimit-* headers.) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    detectAndHumanize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "Artificial intelligence has become an integral part of modern society, transforming the way we live and work. Moreover, it is important to note that these technologies offer numerous benefits across various industries. Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation in an ever-evolving landscape that rewards careful planning.",
                 *       "detection_threshold": 0.5
                 *     }
                 */
                "application/json": components["schemas"]["DetectAndHumanizeRequest"];
                "multipart/form-data": components["schemas"]["DetectAndHumanizeUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "task_id": null,
                     *       "ai_score": 0.8319,
                     *       "detection_threshold": 0.5,
                     *       "needs_humanization": true,
                     *       "detector_service": "ci-textdetect-4.4.0",
                     *       "detection_time": 0.0023,
                     *       "word_count": 54,
                     *       "user": {
                     *         "id": 1
                     *       },
                     *       "credits_remaining": 24999758,
                     *       "message": "AI score 0.8319 is above the threshold 0.5: the text was humanized.",
                     *       "humanized": true,
                     *       "original_content": "Artificial intelligence has become an integral part of modern society, transforming the way we live and work. Moreover, it is important to note that these technologies offer numerous benefits across various industries. Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation in an ever-evolving landscape that rewards careful planning.",
                     *       "humanized_content": "Artificial intelligence has become an integral part of modern society, changing the way we live and work. These technologies offer many benefits across many industries. Organizations can use machine learning to improve efficiency, streamline operations and drive innovation in a changing landscape that rewards careful planning.",
                     *       "ai_score_before": 0.8319,
                     *       "ai_score_after": 0.558,
                     *       "humanizer_service": "humanize-2.2.0",
                     *       "humanization_time": 0.0672,
                     *       "total_time": 0.0696
                     *     }
                     */
                    "application/json": components["schemas"]["DetectAndHumanizeResult"];
                };
            };
            /** @description Accepted for asynchronous processing. */
            202: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "pending",
                     *       "task_id": "aba90ad0-797b-4aea-afa5-8a450845919d",
                     *       "word_count": 54,
                     *       "credits_remaining": 24999650,
                     *       "user": {
                     *         "id": 1
                     *       },
                     *       "ai_score": null,
                     *       "detection_threshold": 0.5,
                     *       "needs_humanization": null,
                     *       "detector_service": null,
                     *       "detection_time": null,
                     *       "message": "Accepted for processing."
                     *     }
                     */
                    "application/json": components["schemas"]["DetectAndHumanizeAccepted"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `min_words_not_met` (The text has fewer words than the endpoint accepts; details has limit and actual.); `max_words_exceeded` (The text has more words than the endpoint accepts; details has limit and actual.); `unreadable_document` (The uploaded or fetched document is damaged, truncated or not what its first bytes say, or could not be read within the time limit; nothing was charged.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_document` (The uploaded or fetched file is not a format the text services read (PDF, DOCX, ODT, HTML, Markdown, plain text); the message and details.detected say what the bytes are. Nothing was charged.); `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable document or address. Codes: `encrypted_document` (The document is encrypted or password-protected; send it without the protection. Nothing was charged.); `no_text` (The document has no text to read: a PDF without a text layer (a scan: scanned pages are not read), or an empty file. Nothing was charged.); `remote_error` (The `url` could not be fetched: the site answered with an error status (details.remote_status), too many redirects, or the connection failed. Nothing was charged.); `remote_timeout` (The `url` did not answer completely within the time limit (details.limit_seconds). Nothing was charged.) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests. Codes: `pending_job_limit` (The plan's limit of pending async jobs is reached; retry when one completes.) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The task_id of a 202 response. */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "task_id": "b639438d-b44d-4048-8a78-4eff5a34a701",
                     *       "result": "human",
                     *       "ai_score": 0.4665,
                     *       "items": [
                     *         {
                     *           "text": "The committee reviewed the proposal on Monday and asked for a revised budget.",
                     *           "prediction": "original",
                     *           "ai_score": 0.4199
                     *         }
                     *       ],
                     *       "service_name": "ci-textdetect-4.4.0",
                     *       "execution_time": 0.0007,
                     *       "word_count": 13,
                     *       "credits_remaining": 24999570,
                     *       "message": "The text is short (13 words): short texts carry little evidence, so the score stays near the middle; 60 words or more give a more confident verdict.",
                     *       "user": {
                     *         "id": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["JobStatus"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found. Codes: `not_found` (No such route, or the job does not exist, belongs to another user, or expired.) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any string of up to 255 characters. The same key with the same text within 5 minutes replays the first response (header `Idempotent-Replayed: true`) without charging again; with a different text: 409 idempotency_key_reuse. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "service": "detector",
                 *       "items": [
                 *         {
                 *           "content": "The committee reviewed the proposal on Monday and asked for a revised budget."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BatchRequest"];
                "multipart/form-data": components["schemas"]["BatchUpload"];
            };
        };
        responses: {
            /** @description Accepted for asynchronous processing. */
            202: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "queued",
                     *       "batch_id": "0667fbbc-e474-478c-9dd3-ba248d318be5",
                     *       "service": "detector",
                     *       "item_count": 1,
                     *       "credits_held": 13,
                     *       "credits_remaining": 24999637,
                     *       "user": {
                     *         "id": 1
                     *       },
                     *       "message": "Accepted: 1 item queued."
                     *     }
                     */
                    "application/json": components["schemas"]["BatchAccepted"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `invalid_idempotency_key` (The Idempotency-Key header is longer than 255 characters.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.); `insufficient_credits` (The credit balance is below the cost; details has credits and required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. Codes: `idempotency_key_reuse` (The Idempotency-Key was already used with a different request.); `no_sources` (Plagiarism: there is nothing to compare the text with (the source corpus is empty and no web search is configured); nothing was charged. The operator adds sources with `npm run admin -- sources import` or sets PLAGIARISM_SEARXNG_URL.) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBatch: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; leave it out for the first page. */
                cursor?: string;
                /** @description Items per page, 1 to 100; default 25. */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The batch_id of a 202 response. */
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "batch_id": "7ec61ffd-dd20-4aaa-bee1-63fc24b30b0d",
                     *       "service": "detector",
                     *       "status": "completed",
                     *       "created_at": "2026-12-06T05:21:10.808Z",
                     *       "completed_at": "2026-12-06T05:21:10.820Z",
                     *       "item_count": 1,
                     *       "counts": {
                     *         "queued": 0,
                     *         "running": 0,
                     *         "succeeded": 1,
                     *         "failed": 0,
                     *         "cancelled": 0
                     *       },
                     *       "credits_held": 13,
                     *       "credits_charged": 13,
                     *       "credits_refunded": 0,
                     *       "user": {
                     *         "id": 1
                     *       },
                     *       "items": [
                     *         {
                     *           "index": 0,
                     *           "ref": null,
                     *           "status": "succeeded",
                     *           "result": {
                     *             "status": "success",
                     *             "task_id": null,
                     *             "result": "human",
                     *             "ai_score": 0.4665,
                     *             "items": [
                     *               {
                     *                 "text": "The committee reviewed the proposal on Monday and asked for a revised budget.",
                     *                 "prediction": "original",
                     *                 "ai_score": 0.4199
                     *               }
                     *             ],
                     *             "service_name": "ci-textdetect-4.4.0",
                     *             "execution_time": 0.0005,
                     *             "word_count": 13,
                     *             "credits_remaining": 24999557,
                     *             "message": "The text is short (13 words): short texts carry little evidence, so the score stays near the middle; 60 words or more give a more confident verdict.",
                     *             "user": {
                     *               "id": 1
                     *             }
                     *           },
                     *           "error": null
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["BatchStatus"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found. Codes: `not_found` (No such route, or the job does not exist, belongs to another user, or expired.) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The batch_id of a 202 response. */
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "batch_id": "fb41b59f-70bc-460c-b7db-069694f929f5",
                     *       "service": "detector",
                     *       "status": "running",
                     *       "created_at": "2026-12-06T05:21:11.033Z",
                     *       "completed_at": null,
                     *       "item_count": 1,
                     *       "counts": {
                     *         "queued": 0,
                     *         "running": 1,
                     *         "succeeded": 0,
                     *         "failed": 0,
                     *         "cancelled": 0
                     *       },
                     *       "credits_held": 13,
                     *       "credits_charged": 0,
                     *       "credits_refunded": 0,
                     *       "user": {
                     *         "id": 1
                     *       },
                     *       "cancelled_items": 0
                     *     }
                     */
                    "application/json": components["schemas"]["BatchCancelled"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found. Codes: `not_found` (No such route, or the job does not exist, belongs to another user, or expired.) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": 1,
                     *       "plan": "25M",
                     *       "credits_remaining": 24999637,
                     *       "monthly_allotment": 25000000,
                     *       "period_start": "2026-12-06T05:21:06.474Z",
                     *       "period_end": "2027-01-06T05:21:06.474Z",
                     *       "limits": {
                     *         "max_active_keys": 25,
                     *         "max_pending_jobs": 50,
                     *         "image_requests_per_minute": 100,
                     *         "humanizer_sync_requests_per_minute": 60
                     *       },
                     *       "usage": {
                     *         "detector": 39,
                     *         "humanizer": 108,
                     *         "detect_and_humanize": 216,
                     *         "grammar": 0,
                     *         "plagiarism": 0,
                     *         "image": 0,
                     *         "voice": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    correctGrammar: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any string of up to 255 characters. The same key with the same text within 5 minutes replays the first response (header `Idempotent-Replayed: true`) without charging again; with a different text: 409 idempotency_key_reuse. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "She go to school every days."
                 *     }
                 */
                "application/json": components["schemas"]["GrammarRequest"];
                "multipart/form-data": components["schemas"]["GrammarUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "corrected_text": "She goes to school every day.",
                     *       "diff": [
                     *         {
                     *           "type": "replace",
                     *           "original": "go",
                     *           "corrected": "goes",
                     *           "start": 4,
                     *           "end": 6,
                     *           "category": "grammar",
                     *           "explanation": "The verb and its subject (or the determiner and its noun) must agree in number: \"goes\"."
                     *         },
                     *         {
                     *           "type": "replace",
                     *           "original": "days",
                     *           "corrected": "day",
                     *           "start": 23,
                     *           "end": 27,
                     *           "category": "grammar",
                     *           "explanation": "The verb and its subject (or the determiner and its noun) must agree in number: \"day\"."
                     *         }
                     *       ],
                     *       "issues": [
                     *         {
                     *           "category": "grammar",
                     *           "severity": "high",
                     *           "message": "Corrected 2 grammar errors."
                     *         }
                     *       ],
                     *       "edits_count": 2,
                     *       "changed": true,
                     *       "input_words": 6,
                     *       "input_chars": 28,
                     *       "word_count": 6,
                     *       "execution_time": 0.007,
                     *       "credits_remaining": 24999631,
                     *       "user": {
                     *         "id": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GrammarResult"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `min_words_not_met` (The text has fewer words than the endpoint accepts; details has limit and actual.); `max_words_exceeded` (The text has more words than the endpoint accepts; details has limit and actual.); `invalid_idempotency_key` (The Idempotency-Key header is longer than 255 characters.); `unreadable_document` (The uploaded or fetched document is damaged, truncated or not what its first bytes say, or could not be read within the time limit; nothing was charged.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. Codes: `idempotency_key_reuse` (The Idempotency-Key was already used with a different request.) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_document` (The uploaded or fetched file is not a format the text services read (PDF, DOCX, ODT, HTML, Markdown, plain text); the message and details.detected say what the bytes are. Nothing was charged.); `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable document or address. Codes: `encrypted_document` (The document is encrypted or password-protected; send it without the protection. Nothing was charged.); `no_text` (The document has no text to read: a PDF without a text layer (a scan: scanned pages are not read), or an empty file. Nothing was charged.); `remote_error` (The `url` could not be fetched: the site answered with an error status (details.remote_status), too many redirects, or the connection failed. Nothing was charged.); `remote_timeout` (The `url` did not answer completely within the time limit (details.limit_seconds). Nothing was charged.) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    scanPlagiarism: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any string of up to 255 characters. The same key with the same text within 5 minutes replays the first response (header `Idempotent-Replayed: true`) without charging again; with a different text: 409 idempotency_key_reuse. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "In its Monday meeting, the committee reviewed the proposal on Monday and asked for a revised budget before the end of the month. Several members said the plan was too expensive for a town of its size."
                 *     }
                 */
                "application/json": components["schemas"]["PlagiarismRequest"];
                "multipart/form-data": components["schemas"]["PlagiarismUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "scan_id": "226cc151-d43c-4fce-9c44-05a6dae39a01",
                     *       "plagiarism_score": 0.965,
                     *       "verdict": "severe_plagiarism",
                     *       "summary": "About 97% of the text matches the one source checked, \"An article\" (example.com) (severe plagiarism).",
                     *       "sources": [
                     *         {
                     *           "url": "https://example.com/article",
                     *           "title": "An article",
                     *           "domain": "example.com",
                     *           "similarity_score": 0.943,
                     *           "matched_word_count": 35,
                     *           "matched_percentage": 94.59,
                     *           "matches": [
                     *             {
                     *               "submitted_range": {
                     *                 "start": 7,
                     *                 "end": 200
                     *               },
                     *               "similarity": 0.943
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "highlights": [
                     *         {
                     *           "start": 7,
                     *           "end": 200,
                     *           "severity": "high",
                     *           "source_index": 0
                     *         }
                     *       ],
                     *       "stats": {
                     *         "word_count": 37,
                     *         "input_chars": 200,
                     *         "sentence_count": 2,
                     *         "sources_checked": 1,
                     *         "processing_time_ms": 11
                     *       },
                     *       "word_count": 37,
                     *       "execution_time": 0.013,
                     *       "credits_remaining": 24999629,
                     *       "user": {
                     *         "id": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PlagiarismResult"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `insufficient_content` (The text lacks enough complete sentences to scan.); `max_words_exceeded` (The text has more words than the endpoint accepts; details has limit and actual.); `invalid_idempotency_key` (The Idempotency-Key header is longer than 255 characters.); `unreadable_document` (The uploaded or fetched document is damaged, truncated or not what its first bytes say, or could not be read within the time limit; nothing was charged.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. Codes: `idempotency_key_reuse` (The Idempotency-Key was already used with a different request.); `no_sources` (Plagiarism: there is nothing to compare the text with (the source corpus is empty and no web search is configured); nothing was charged. The operator adds sources with `npm run admin -- sources import` or sets PLAGIARISM_SEARXNG_URL.) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_document` (The uploaded or fetched file is not a format the text services read (PDF, DOCX, ODT, HTML, Markdown, plain text); the message and details.detected say what the bytes are. Nothing was charged.); `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable document or address. Codes: `encrypted_document` (The document is encrypted or password-protected; send it without the protection. Nothing was charged.); `no_text` (The document has no text to read: a PDF without a text layer (a scan: scanned pages are not read), or an empty file. Nothing was charged.); `remote_error` (The `url` could not be fetched: the site answered with an error status (details.remote_status), too many redirects, or the connection failed. Nothing was charged.); `remote_timeout` (The `url` did not answer completely within the time limit (details.limit_seconds). Nothing was charged.) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    detectImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ImageUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "prediction": "real",
                     *       "confidence": 0.6841,
                     *       "probabilities": {
                     *         "real": 0.6841,
                     *         "fake": 0.1611,
                     *         "inpainting": 0.1548
                     *       },
                     *       "credits_charged": 6,
                     *       "credits_remaining": 24999623,
                     *       "user": {
                     *         "id": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ImageResult"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `invalid_image` (The file cannot be decoded as an image.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. Codes: `payment_in_progress` (Another billing operation for this account is in progress; retry shortly.) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests. Codes: `rate_limited` (Too many requests in the current window; see Retry-After and RateLimit-* headers.) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    imageHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "healthy",
                     *       "upstream": {
                     *         "status": "healthy",
                     *         "piscina_ready": true
                     *       },
                     *       "circuit": {
                     *         "status": "closed",
                     *         "failures": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unhealthy. */
            503: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "healthy",
                     *       "upstream": {
                     *         "status": "healthy",
                     *         "piscina_ready": true
                     *       },
                     *       "circuit": {
                     *         "status": "closed",
                     *         "failures": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
        };
    };
    detectVoice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["VoiceUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "verdict": "natural_voice",
                     *       "ai_probability": 0.4011,
                     *       "natural_probability": 0.5989,
                     *       "duration_seconds": 4,
                     *       "segments": [],
                     *       "billed_seconds": 4,
                     *       "credits_used": 40,
                     *       "execution_time": 0.281,
                     *       "credits_remaining": 24999583,
                     *       "user": {
                     *         "id": 1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["VoiceResult"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `invalid_audio` (The file is unreadable as audio: corrupt or an unsupported codec.); `audio_too_long` (The audio is longer than 600 seconds; details has limit_seconds.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    voiceHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "healthy",
                     *       "upstream": {
                     *         "status": "healthy",
                     *         "piscina_ready": true
                     *       },
                     *       "circuit": {
                     *         "status": "closed",
                     *         "failures": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unhealthy. */
            503: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "healthy",
                     *       "upstream": {
                     *         "status": "healthy",
                     *         "piscina_ready": true
                     *       },
                     *       "circuit": {
                     *         "status": "closed",
                     *         "failures": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
        };
    };
    listSources: {
        parameters: {
            query?: {
                /** @description Page size. */
                limit?: number;
                /** @description Rows to skip. */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "total": 1,
                     *       "sources": [
                     *         {
                     *           "url": "https://example.com/article",
                     *           "title": "An article",
                     *           "domain": "example.com",
                     *           "words": 41,
                     *           "imported_at": "2026-12-06T05:21:09.244Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SourceList"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importSources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sources": [
                 *         {
                 *           "url": "https://example.com/article",
                 *           "title": "An article",
                 *           "text": "The committee reviewed the proposal on Monday and asked for a revised budget before the end of the month. Several members said the plan was too expensive for a town of its size. The mayor promised a shorter version by Friday."
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SourceImportRequest"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "imported": 1
                     *     }
                     */
                    "application/json": components["schemas"]["SourceImportResult"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSource: {
        parameters: {
            query: {
                /** @description URL of the source to delete. */
                url: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": components["schemas"]["SourceDeleteResult"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `missing_api_key` (The X-API-Key header is missing.); `invalid_api_key` (The API key is malformed or unknown.); `api_key_revoked` (The API key was revoked.); `api_key_expired` (The API key is past its expiration date.) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_scope` (The API key lacks a scope the endpoint requires; details has required.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    livez: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "alive"
                     *     }
                     */
                    "application/json": components["schemas"]["Liveness"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "checks": {
                     *         "database": "ready",
                     *         "engines": "ready",
                     *         "worker": "ready",
                     *         "shutdown": "ready"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unhealthy. */
            503: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "checks": {
                     *         "database": "ready",
                     *         "engines": "ready",
                     *         "worker": "ready",
                     *         "shutdown": "ready"
                     *       },
                     *       "message": "string"
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    portalSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "dev@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["PortalSignIn"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": 0,
                     *         "email": "string"
                     *       },
                     *       "plan": "Free",
                     *       "csrf_token": "string"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalMe"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `invalid_credentials` (Portal sign-in: the email or the password is wrong (the same answer for both).); `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests. Codes: `rate_limited` (Too many requests in the current window; see Retry-After and RateLimit-* headers.) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalSignOut: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalOk"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalSignOutEverywhere: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "sessions_ended": 0
                     *     }
                     */
                    "application/json": components["schemas"]["PortalSignedOutEverywhere"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": 0,
                     *         "email": "string"
                     *       },
                     *       "plan": "Free",
                     *       "csrf_token": "string"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalMe"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalSetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "inv_4Jk…",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["PortalSetPassword"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "email": "string"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalPasswordSet"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalChangePassword: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "current_password": "string",
                 *       "new_password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["PortalChangePassword"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalOk"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `invalid_credentials` (Portal sign-in: the email or the password is wrong (the same answer for both).); `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalSignUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "dev@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["PortalSignUp"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user": {
                     *         "id": 0,
                     *         "email": "string"
                     *       },
                     *       "plan": "Free",
                     *       "csrf_token": "string"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalMe"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found. Codes: `not_found` (No such route, or the job does not exist, belongs to another user, or expired.) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests. Codes: `rate_limited` (Too many requests in the current window; see Retry-After and RateLimit-* headers.) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalListKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "keys": [
                     *         {
                     *           "id": "3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14",
                     *           "name": "production",
                     *           "status": "Active",
                     *           "prefix": "ci_Ab12Cd3",
                     *           "scopes": [
                     *             "humanizer"
                     *           ],
                     *           "created_at": "2026-11-26T07:00:00.000Z",
                     *           "expiration": "never",
                     *           "expires_at": "2026-11-26T07:00:00.000Z",
                     *           "last_used_at": "2026-11-26T07:00:00.000Z"
                     *         }
                     *       ],
                     *       "active": 0,
                     *       "max_active_keys": 0
                     *     }
                     */
                    "application/json": components["schemas"]["PortalKeyList"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalCreateKey: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "production",
                 *       "scopes": [
                 *         "humanizer"
                 *       ],
                 *       "expiration": "never"
                 *     }
                 */
                "application/json": components["schemas"]["PortalCreateKey"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key": "ci_Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90",
                     *       "record": {
                     *         "id": "3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14",
                     *         "name": "production",
                     *         "status": "Active",
                     *         "prefix": "ci_Ab12Cd3",
                     *         "scopes": [
                     *           "humanizer"
                     *         ],
                     *         "created_at": "2026-11-26T07:00:00.000Z",
                     *         "expiration": "never",
                     *         "expires_at": "2026-11-26T07:00:00.000Z",
                     *         "last_used_at": "2026-11-26T07:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PortalCreatedKey"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalRevokeKey: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14",
                     *       "name": "production",
                     *       "status": "Active",
                     *       "prefix": "ci_Ab12Cd3",
                     *       "scopes": [
                     *         "humanizer"
                     *       ],
                     *       "created_at": "2026-11-26T07:00:00.000Z",
                     *       "expiration": "never",
                     *       "expires_at": "2026-11-26T07:00:00.000Z",
                     *       "last_used_at": "2026-11-26T07:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalKey"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found. Codes: `not_found` (No such route, or the job does not exist, belongs to another user, or expired.) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalDeleteKey: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalOk"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found. Codes: `not_found` (No such route, or the job does not exist, belongs to another user, or expired.) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "account": {
                     *         "user_id": 42,
                     *         "plan": "1M",
                     *         "credits_remaining": 987654,
                     *         "monthly_allotment": 1000000,
                     *         "period_start": "2026-11-01T00:00:00.000Z",
                     *         "period_end": "2026-12-01T00:00:00.000Z",
                     *         "limits": {
                     *           "max_active_keys": 0,
                     *           "max_pending_jobs": 0,
                     *           "image_requests_per_minute": 0,
                     *           "humanizer_sync_requests_per_minute": 0
                     *         },
                     *         "usage": {
                     *           "detector": 1200,
                     *           "humanizer": 0,
                     *           "detect_and_humanize": 0,
                     *           "grammar": 35,
                     *           "plagiarism": 4,
                     *           "image": 0,
                     *           "voice": 0
                     *         }
                     *       },
                     *       "daily": [
                     *         {
                     *           "date": "2026-11-26",
                     *           "service": "string",
                     *           "credits": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PortalUsage"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalLedger: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entries": [
                     *         {
                     *           "id": 0,
                     *           "time": "2026-11-26T07:00:00.000Z",
                     *           "kind": "charge",
                     *           "operation": "detector",
                     *           "request_id": "string",
                     *           "task_id": "string",
                     *           "credits": -42,
                     *           "balance_after": 0
                     *         }
                     *       ],
                     *       "page": 0,
                     *       "per_page": 0,
                     *       "total": 0
                     *     }
                     */
                    "application/json": components["schemas"]["PortalLedger"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "jobs": [
                     *         {
                     *           "task_id": "string",
                     *           "endpoint": "/api/detector/",
                     *           "status": "processing",
                     *           "created_at": "2026-11-26T07:00:00.000Z",
                     *           "finished_at": "2026-11-26T07:00:00.000Z",
                     *           "callback_url": "string",
                     *           "payload": {},
                     *           "delivery": "delivered",
                     *           "attempts": [
                     *             {
                     *               "attempt": 0,
                     *               "time": "2026-11-26T07:00:00.000Z",
                     *               "status_code": 0,
                     *               "error": "string",
                     *               "duration_ms": 0,
                     *               "ok": false,
                     *               "response_body": "{\"received\":true}"
                     *             }
                     *           ],
                     *           "next_retry_at": "2026-11-26T07:00:00.000Z"
                     *         }
                     *       ],
                     *       "batches": [
                     *         {
                     *           "batch_id": "string",
                     *           "service": "detector",
                     *           "status": "queued",
                     *           "created_at": "2026-11-26T07:00:00.000Z",
                     *           "completed_at": "2026-11-26T07:00:00.000Z",
                     *           "item_count": 0,
                     *           "counts": {
                     *             "queued": 0,
                     *             "running": 0,
                     *             "succeeded": 0,
                     *             "failed": 0,
                     *             "cancelled": 0
                     *           },
                     *           "credits_held": 0,
                     *           "credits_charged": 0,
                     *           "credits_refunded": 0,
                     *           "callback_url": "string",
                     *           "delivery": "delivered",
                     *           "attempts": [
                     *             {
                     *               "attempt": 0,
                     *               "time": "2026-11-26T07:00:00.000Z",
                     *               "status_code": 0,
                     *               "error": "string",
                     *               "duration_ms": 0,
                     *               "ok": false,
                     *               "response_body": "{\"received\":true}"
                     *             }
                     *           ],
                     *           "next_retry_at": "2026-11-26T07:00:00.000Z",
                     *           "items": [
                     *             {
                     *               "index": 0,
                     *               "ref": "string",
                     *               "status": "queued",
                     *               "error": "string"
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PortalJobs"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalRedeliver: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path: {
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["PortalOk"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found. Codes: `not_found` (No such route, or the job does not exist, belongs to another user, or expired.) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalPlaygroundDetect: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "string"
                 *     }
                 */
                "application/json": components["schemas"]["PortalPlaygroundText"];
                "multipart/form-data": components["schemas"]["PortalPlaygroundUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "task_id": null,
                     *       "result": "human",
                     *       "ai_score": 0.12,
                     *       "items": [
                     *         {
                     *           "text": "The committee reviewed the proposal on Monday.",
                     *           "prediction": "original",
                     *           "ai_score": 0.12,
                     *           "page": 2,
                     *           "paragraph": 4
                     *         }
                     *       ],
                     *       "service_name": "ci-textdetect-4.2.0",
                     *       "execution_time": 0.042,
                     *       "word_count": 250,
                     *       "credits_remaining": 99750,
                     *       "message": null,
                     *       "user": {
                     *         "id": 42
                     *       },
                     *       "evidence": [
                     *         {
                     *           "channel": "built-in",
                     *           "score": 0.31,
                     *           "used": true,
                     *           "model": "falcon-7b+falcon-7b-instruct",
                     *           "criteria": {
                     *             "fast_detect_gpt": 1.8,
                     *             "binoculars": 0.84,
                     *             "tokens": 412,
                     *             "tail_mass": 0.06
                     *           },
                     *           "error": "no answer within 10000 ms",
                     *           "windows": [
                     *             {
                     *               "start_time": "0.0s",
                     *               "end_time": "4.0s",
                     *               "ai_probability": 0.87
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "document": {
                     *         "type": "pdf",
                     *         "title": "On Photosynthesis",
                     *         "pages": 3,
                     *         "words": 812,
                     *         "characters": 5120,
                     *         "url": null,
                     *         "text": "The committee reviewed the proposal on Monday and asked for a revised budget."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DetectionResult"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `min_words_not_met` (The text has fewer words than the endpoint accepts; details has limit and actual.); `max_words_exceeded` (The text has more words than the endpoint accepts; details has limit and actual.); `unreadable_document` (The uploaded or fetched document is damaged, truncated or not what its first bytes say, or could not be read within the time limit; nothing was charged.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_document` (The uploaded or fetched file is not a format the text services read (PDF, DOCX, ODT, HTML, Markdown, plain text); the message and details.detected say what the bytes are. Nothing was charged.); `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable document or address. Codes: `encrypted_document` (The document is encrypted or password-protected; send it without the protection. Nothing was charged.); `no_text` (The document has no text to read: a PDF without a text layer (a scan: scanned pages are not read), or an empty file. Nothing was charged.); `remote_error` (The `url` could not be fetched: the site answered with an error status (details.remote_status), too many redirects, or the connection failed. Nothing was charged.); `remote_timeout` (The `url` did not answer completely within the time limit (details.limit_seconds). Nothing was charged.) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalPlaygroundHumanize: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "string"
                 *     }
                 */
                "application/json": components["schemas"]["PortalPlaygroundText"];
                "multipart/form-data": components["schemas"]["PortalPlaygroundUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "task_id": null,
                     *       "result": "The committee reviewed the proposal on Monday and asked for a revised budget.",
                     *       "ai_score_before": 0.87,
                     *       "ai_score_after": 0.87,
                     *       "service_name": "ci-humanizer-1.0.0",
                     *       "execution_time": 0.042,
                     *       "word_count": 250,
                     *       "credits_remaining": 99750,
                     *       "user": {
                     *         "id": 42
                     *       },
                     *       "document": {
                     *         "type": "pdf",
                     *         "title": "On Photosynthesis",
                     *         "pages": 3,
                     *         "words": 812,
                     *         "characters": 5120,
                     *         "url": null,
                     *         "text": "The committee reviewed the proposal on Monday and asked for a revised budget."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["HumanizationResult"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `min_words_not_met` (The text has fewer words than the endpoint accepts; details has limit and actual.); `max_words_exceeded` (The text has more words than the endpoint accepts; details has limit and actual.); `unreadable_document` (The uploaded or fetched document is damaged, truncated or not what its first bytes say, or could not be read within the time limit; nothing was charged.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_document` (The uploaded or fetched file is not a format the text services read (PDF, DOCX, ODT, HTML, Markdown, plain text); the message and details.detected say what the bytes are. Nothing was charged.); `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable document or address. Codes: `encrypted_document` (The document is encrypted or password-protected; send it without the protection. Nothing was charged.); `no_text` (The document has no text to read: a PDF without a text layer (a scan: scanned pages are not read), or an empty file. Nothing was charged.); `remote_error` (The `url` could not be fetched: the site answered with an error status (details.remote_status), too many redirects, or the connection failed. Nothing was charged.); `remote_timeout` (The `url` did not answer completely within the time limit (details.limit_seconds). Nothing was charged.) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests. Codes: `rate_limited` (Too many requests in the current window; see Retry-After and RateLimit-* headers.) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalPlaygroundGrammar: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "She go to school every days."
                 *     }
                 */
                "application/json": components["schemas"]["GrammarRequest"];
                "multipart/form-data": components["schemas"]["PortalPlaygroundGrammarUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "corrected_text": "She goes to school every day.",
                     *       "diff": [
                     *         {
                     *           "type": "replace",
                     *           "original": "go",
                     *           "corrected": "goes",
                     *           "start": 4,
                     *           "end": 6,
                     *           "category": "grammar",
                     *           "explanation": "The verb and its subject (or the determiner and its noun) must agree in number: \"goes\".",
                     *           "page": 2,
                     *           "paragraph": 4
                     *         }
                     *       ],
                     *       "issues": [
                     *         {
                     *           "category": "grammar",
                     *           "severity": "medium",
                     *           "message": "Subject-verb agreement: \"She go\" → \"She goes\"."
                     *         }
                     *       ],
                     *       "edits_count": 2,
                     *       "changed": true,
                     *       "input_words": 6,
                     *       "input_chars": 28,
                     *       "word_count": 6,
                     *       "execution_time": 0.042,
                     *       "credits_remaining": 99750,
                     *       "user": {
                     *         "id": 42
                     *       },
                     *       "document": {
                     *         "type": "pdf",
                     *         "title": "On Photosynthesis",
                     *         "pages": 3,
                     *         "words": 812,
                     *         "characters": 5120,
                     *         "url": null,
                     *         "text": "The committee reviewed the proposal on Monday and asked for a revised budget."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["GrammarResult"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `min_words_not_met` (The text has fewer words than the endpoint accepts; details has limit and actual.); `max_words_exceeded` (The text has more words than the endpoint accepts; details has limit and actual.); `unreadable_document` (The uploaded or fetched document is damaged, truncated or not what its first bytes say, or could not be read within the time limit; nothing was charged.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_document` (The uploaded or fetched file is not a format the text services read (PDF, DOCX, ODT, HTML, Markdown, plain text); the message and details.detected say what the bytes are. Nothing was charged.); `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable document or address. Codes: `encrypted_document` (The document is encrypted or password-protected; send it without the protection. Nothing was charged.); `no_text` (The document has no text to read: a PDF without a text layer (a scan: scanned pages are not read), or an empty file. Nothing was charged.); `remote_error` (The `url` could not be fetched: the site answered with an error status (details.remote_status), too many redirects, or the connection failed. Nothing was charged.); `remote_timeout` (The `url` did not answer completely within the time limit (details.limit_seconds). Nothing was charged.) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalPlaygroundPlagiarism: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "In its Monday meeting, the committee reviewed the proposal on Monday and asked for a revised budget before the end of the month. Several members said the plan was too expensive for a town of its size."
                 *     }
                 */
                "application/json": components["schemas"]["PlagiarismRequest"];
                "multipart/form-data": components["schemas"]["PortalPlaygroundUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "scan_id": "3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14",
                     *       "plagiarism_score": 0.87,
                     *       "verdict": "moderate_plagiarism",
                     *       "summary": "34% of the text matches 2 sources.",
                     *       "sources": [
                     *         {
                     *           "url": "https://en.wikipedia.org/wiki/Photosynthesis",
                     *           "title": "Photosynthesis",
                     *           "domain": "en.wikipedia.org",
                     *           "similarity_score": 0.87,
                     *           "matched_word_count": 84,
                     *           "matched_percentage": 33.6,
                     *           "matches": [
                     *             {
                     *               "submitted_range": {
                     *                 "start": 0,
                     *                 "end": 120
                     *               },
                     *               "similarity": 0.87,
                     *               "page": 2,
                     *               "paragraph": 4
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "highlights": [
                     *         {
                     *           "start": 0,
                     *           "end": 120,
                     *           "severity": "high",
                     *           "source_index": 0,
                     *           "page": 2,
                     *           "paragraph": 4
                     *         }
                     *       ],
                     *       "stats": {
                     *         "word_count": 250,
                     *         "input_chars": 1530,
                     *         "sentence_count": 12,
                     *         "sources_checked": 40,
                     *         "processing_time_ms": 85
                     *       },
                     *       "execution_time": 0.042,
                     *       "word_count": 250,
                     *       "credits_remaining": 99750,
                     *       "user": {
                     *         "id": 42
                     *       },
                     *       "document": {
                     *         "type": "pdf",
                     *         "title": "On Photosynthesis",
                     *         "pages": 3,
                     *         "words": 812,
                     *         "characters": 5120,
                     *         "url": null,
                     *         "text": "The committee reviewed the proposal on Monday and asked for a revised budget."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["PlagiarismResult"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `insufficient_content` (The text lacks enough complete sentences to scan.); `max_words_exceeded` (The text has more words than the endpoint accepts; details has limit and actual.); `unreadable_document` (The uploaded or fetched document is damaged, truncated or not what its first bytes say, or could not be read within the time limit; nothing was charged.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict. Codes: `no_sources` (Plagiarism: there is nothing to compare the text with (the source corpus is empty and no web search is configured); nothing was charged. The operator adds sources with `npm run admin -- sources import` or sets PLAGIARISM_SEARXNG_URL.) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_document` (The uploaded or fetched file is not a format the text services read (PDF, DOCX, ODT, HTML, Markdown, plain text); the message and details.detected say what the bytes are. Nothing was charged.); `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unprocessable document or address. Codes: `encrypted_document` (The document is encrypted or password-protected; send it without the protection. Nothing was charged.); `no_text` (The document has no text to read: a PDF without a text layer (a scan: scanned pages are not read), or an empty file. Nothing was charged.); `remote_error` (The `url` could not be fetched: the site answered with an error status (details.remote_status), too many redirects, or the connection failed. Nothing was charged.); `remote_timeout` (The `url` did not answer completely within the time limit (details.limit_seconds). Nothing was charged.) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalPlaygroundImage: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["ImageUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "prediction": "real",
                     *       "confidence": 0.87,
                     *       "probabilities": {
                     *         "real": 0.81,
                     *         "fake": 0.12,
                     *         "inpainting": 0.07
                     *       },
                     *       "credits_charged": 7,
                     *       "credits_remaining": 99750,
                     *       "user": {
                     *         "id": 42
                     *       },
                     *       "regions": [
                     *         {
                     *           "x": 320,
                     *           "y": 128,
                     *           "width": 192,
                     *           "height": 128,
                     *           "score": 0.87
                     *         }
                     *       ],
                     *       "message": "The image-model server gave no usable answer (HTTP 503); the built-in model decided alone.",
                     *       "evidence": [
                     *         {
                     *           "channel": "built-in",
                     *           "score": 0.31,
                     *           "used": true,
                     *           "model": "falcon-7b+falcon-7b-instruct",
                     *           "criteria": {
                     *             "fast_detect_gpt": 1.8,
                     *             "binoculars": 0.84,
                     *             "tokens": 412,
                     *             "tail_mass": 0.06
                     *           },
                     *           "error": "no answer within 10000 ms",
                     *           "windows": [
                     *             {
                     *               "start_time": "0.0s",
                     *               "end_time": "4.0s",
                     *               "ai_probability": 0.87
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ImageResult"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `invalid_image` (The file cannot be decoded as an image.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests. Codes: `rate_limited` (Too many requests in the current window; see Retry-After and RateLimit-* headers.) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    portalPlaygroundVoice: {
        parameters: {
            query?: never;
            header: {
                /** @description The csrf_token of GET /portal/api/me/ (or of the sign-in response). */
                "X-CSRF-Token": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["VoiceUpload"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    /** @description Request id. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "success",
                     *       "verdict": "natural_voice",
                     *       "ai_probability": 0.08,
                     *       "natural_probability": 0.92,
                     *       "duration_seconds": 12.48,
                     *       "segments": [
                     *         {
                     *           "start_time": "0.0s",
                     *           "end_time": "4.0s",
                     *           "duration": "4.0s",
                     *           "verdict": "natural_voice",
                     *           "ai_probability": 0.06
                     *         }
                     *       ],
                     *       "statistics": {
                     *         "total_segments": 4,
                     *         "processed_segments": 4,
                     *         "ai_segments": 0,
                     *         "natural_segments": 4,
                     *         "ai_time_percentage": 0
                     *       },
                     *       "undetermined_reason": "too_little_speech",
                     *       "billed_seconds": 13,
                     *       "credits_used": 130,
                     *       "execution_time": 0.042,
                     *       "credits_remaining": 99750,
                     *       "user": {
                     *         "id": 42
                     *       },
                     *       "message": "The image-model server gave no usable answer (HTTP 503); the built-in model decided alone.",
                     *       "evidence": [
                     *         {
                     *           "channel": "built-in",
                     *           "score": 0.31,
                     *           "used": true,
                     *           "model": "falcon-7b+falcon-7b-instruct",
                     *           "criteria": {
                     *             "fast_detect_gpt": 1.8,
                     *             "binoculars": 0.84,
                     *             "tokens": 412,
                     *             "tail_mass": 0.06
                     *           },
                     *           "error": "no answer within 10000 ms",
                     *           "windows": [
                     *             {
                     *               "start_time": "0.0s",
                     *               "end_time": "4.0s",
                     *               "ai_probability": 0.87
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["VoiceResult"];
                };
            };
            /** @description Bad request. Codes: `invalid_payload` (The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.); `invalid_audio` (The file is unreadable as audio: corrupt or an unsupported codec.); `audio_too_long` (The audio is longer than 600 seconds; details has limit_seconds.) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or unusable API key. Codes: `not_signed_in` (Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Forbidden. Codes: `insufficient_credits` (The credit balance is below the cost; details has credits and required.); `csrf_rejected` (Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request timeout. Codes: `request_timeout` (The request did not arrive completely in time (answered by the HTTP parser).) */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Payload too large. Codes: `payload_too_large` (The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unsupported media type. Codes: `unsupported_media_type` (The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Request headers too large. Codes: `headers_too_large` (The request headers are over 16 KB in all (answered by the HTTP parser).) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error. Codes: `internal_error` (An unexpected error on our side; nothing was charged.) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Service unavailable. Codes: `service_unavailable` (The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.); `service_error` (The engine failed while processing; the credits were refunded.) */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    batchCompleted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchCompletedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx answer ends the delivery; anything else is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
