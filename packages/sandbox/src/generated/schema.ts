// Generated from openapi/sandbox (bundle: openapi/dist/sandbox.json).
// Do not edit: run `pnpm run generate` in this package.

export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Describe the sandbox
         * @description The sandbox version, the default app, the magic cids and the limits it applies.
         */
        get: operations["getSandbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the whole sandbox
         * @description Removes every app, its devices, tasks, tokens and DMP party, and creates the default app again. The request log is kept.
         */
        post: operations["resetSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a request against its document
         * @description Checks a push v1, DMP or control request (its path and query parameters and its JSON body) against
         *     its operation in the public documents, exactly as the sandbox checks a request it receives, and
         *     lists the violations, the most useful first. Nothing is sent, signed or changed: the console page
         *     calls this as a reader types. Credentials are not checked (they are not part of the document's
         *     rules), so no credential belongs in the request.
         */
        post: operations["checkRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the apps
         * @description Every app, oldest first, without secrets.
         */
        get: operations["listApps"];
        put?: never;
        /**
         * Create an isolated app
         * @description Creates an app with fresh credentials (or the given ones), the magic cids, and a DMP party of
         *     its own. Apps never see each other: use one per test to run tests in parallel.
         */
        post: operations["createApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get an app
         * @description The app, its settings, clock, DMP party and counts, without secrets.
         */
        get: operations["getApp"];
        /**
         * Create an app with this appid
         * @description Creates the app named in the path, as `POST /apps` does (fresh credentials, or the given ones, the magic
         *     cids, a DMP party of its own), and answers 409 when it exists. Every call of an app then names it in its
         *     path, so that a load balancer in front of several sandboxes can route all of them by the appid. An `appid`
         *     in the body, if given, must be the path's.
         */
        put: operations["putApp"];
        post?: never;
        /**
         * Delete an app
         * @description Removes the app and everything it holds. Its tokens stop working at once.
         */
        delete: operations["deleteApp"];
        options?: never;
        head?: never;
        /**
         * Change the settings of an app
         * @description Changes the given settings; the others keep their value.
         */
        patch: operations["updateApp"];
        trace?: never;
    };
    "/apps/{appid}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get the credentials of an app
         * @description The appid, appkey and master secret, and the DMP party's user_code and auth_code. The inbox page never calls this.
         */
        get: operations["getCredentials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset an app
         * @description Keeps the app's credentials and settings; removes its devices (the magic cids come back in their
         *     first state), aliases, tasks, tokens, statistics, faults and rate limits, and sets its clock back
         *     to real time.
         */
        post: operations["resetApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/clock": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        /**
         * Read the test clock of an app
         * @description The app's time, by which tokens expire, scheduled pushes fire and offline messages expire.
         */
        get: operations["getClock"];
        put?: never;
        /**
         * Set or advance the test clock of an app
         * @description Sets, advances, freezes or restarts the app's clock. What falls due on the way happens in order
         *     before the answer: scheduled pushes fire, offline messages expire, tokens expire.
         */
        post: operations["setClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        /**
         * List the devices of an app
         * @description Every device, the magic cids first.
         */
        get: operations["listDevices"];
        put?: never;
        /**
         * Register a device
         * @description Adds a device (a cid) to the app, offline and active unless told otherwise, with its alias when one is given.
         */
        post: operations["createDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/devices/batch": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register many devices at once
         * @description Adds up to 10,000 devices in one call, each as `POST /apps/{appid}/devices` would, so that a test seeds a
         *     large app quickly. All or nothing: when one cid is taken already or appears twice in the list, the call is
         *     refused (409) and no device is added. The body is bounded like every body (1 MiB).
         */
        post: operations["createDevices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/devices/{cid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The device's client id, 1 to 128 characters.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        /**
         * Get a device
         * @description The device's state, alias, tags and counts.
         */
        get: operations["getDevice"];
        put?: never;
        post?: never;
        /**
         * Remove a device
         * @description Removes the device, its alias binding, its inbox and its pending messages. A magic cid cannot be removed.
         */
        delete: operations["deleteDevice"];
        options?: never;
        head?: never;
        /**
         * Change a device
         * @description Changes the given fields. Coming online delivers the pending offline messages that have not
         *     expired, in order, and sets lastlogin.
         */
        patch: operations["updateDevice"];
        trace?: never;
    };
    "/apps/{appid}/devices/{cid}/inbox": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The device's client id, 1 to 128 characters.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        /**
         * Read what a device received
         * @description The messages received, in order, each with its task id, template and push_info, and the offline messages
         *     waiting. With `wait`, the answer waits for a new message (after `after`, or any when the inbox is empty):
         *     a test of a push sent in the background waits for it without sleeping.
         */
        get: operations["getInbox"];
        put?: never;
        post?: never;
        /**
         * Empty the inbox of a device
         * @description Forgets the messages received; pending messages stay.
         */
        delete: operations["clearInbox"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/devices/{cid}/inbox/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The device's client id, 1 to 128 characters.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
                /**
                 * @description The id of a message in the device's inbox.
                 * @example m-42
                 */
                messageId: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one message of a device
         * @description Forgets one message, received or waiting, as a user deletes it in a testing inbox. A waiting message is no
         *     longer delivered (its task stops counting it as waiting); the task's other statistics keep what happened.
         */
        delete: operations["deleteMessage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/devices/{cid}/inbox/{messageId}/click": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The device's client id, 1 to 128 characters.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
                /**
                 * @description The id of a message in the device's inbox.
                 * @example m-42
                 */
                messageId: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a click on a received message
         * @description Counts a click, as the phone would report it; push_result and the daily statistics report it.
         */
        post: operations["clickMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        /**
         * List the messages of every device of an app
         * @description One timeline of the app: every message kept on every device (received, waiting, and those that never
         *     arrived: expired or stopped, the latest `inboxLimit` of each device), newest first (in the order the sandbox
         *     made them). Filters combine with "and". At most `limit` messages are answered; `matched` says how many match
         *     in all.
         */
        get: operations["listMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        /**
         * List the tasks of an app
         * @description Every task kept, newest first, with its targets and statistics.
         */
        get: operations["listTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/tasks/{taskid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The task id.
                 * @example RASS_0101_0123456789abcdef0123456789abcdef
                 */
                taskid: components["parameters"]["TaskIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a task
         * @description One task with its targets, statistics and per-cid states. With `wait` and `state`, the answer waits for the
         *     task to reach that state (a scheduled push firing on a running clock, a task stopped elsewhere).
         */
        get: operations["getTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/faults": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        /**
         * List the faults waiting
         * @description Faults that will answer the next calls of their operations.
         */
        get: operations["listFaults"];
        put?: never;
        /**
         * Inject a fault
         * @description The next `times` calls of the operation in this app get the fault: an HTTP error status, a
         *     dropped connection, a delay, or a given result. Faults of one operation apply in the order added.
         */
        post: operations["addFault"];
        /**
         * Remove every fault waiting
         * @description Calls are answered normally again.
         */
        delete: operations["clearFaults"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/rate-limits": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        /**
         * Read the frequency limits of an app
         * @description The limits set for set_tags, save_list_body, push_list, push_app and scheduled push. None by default.
         */
        get: operations["getRateLimits"];
        /**
         * Set the frequency limits of an app
         * @description Replaces the limits. A call beyond its limit is answered `too_frequent` and changes nothing.
         */
        put: operations["setRateLimits"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/dmp": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        /**
         * Read the DMP party of an app
         * @description The party's user_code, token lifetime, permissions and tag catalogue (without its auth_code).
         */
        get: operations["getDmpParty"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the DMP party of an app
         * @description Changes the token lifetime (for tokens issued from now), the permissions or the tag catalogue.
         */
        patch: operations["updateDmpParty"];
        trace?: never;
    };
    "/apps/{appid}/deviations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        /**
         * List an app's deviations
         * @description The deviations from the description that the app accepted in compat mode `lenient` (see
         *     `settings.compat`): each rule bent, how often, and the last request that bent it. Kept in memory since the
         *     app was created, reset or restored. A strict app accepts none, and its list stays empty.
         */
        get: operations["listDeviations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        /**
         * Read an app's usage ledger
         * @description What the app's calls of push v1 and DMP met: for each operation, how often, the request fields sent and the
         *     answer fields received (as api-diff writes places), the documented enum and const values among them, and the
         *     statuses and results. `pushapi-sandbox usage` collects every app's ledger into one file, and
         *     `api-diff --usage <file>` says which apps each document change hits. No message content or secret is kept.
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        /**
         * List the snapshots that hold an app
         * @description The snapshots of the caller that hold this app, oldest first: an app token's are its team's, the
         *     administrator's all of them. At a path that names the app, so that through a load balancer routing by the
         *     appid it reaches the process that holds the app and its snapshots (`GET /snapshots` lists one process's).
         */
        get: operations["listAppSnapshots"];
        put?: never;
        /**
         * Save a snapshot of an app
         * @description Saves the app's current state under a name (the appid when the body gives none), as `POST /snapshots` with
         *     this `appid` does, at a path that names the app: a load balancer that routes by the appid in the path sends it
         *     to the process that holds the app (and its snapshots). Go back to it with
         *     `POST /apps/{appid}/snapshots/{name}/restore`. A snapshot of the same name of the app's team is replaced; the
         *     name of an administrator's snapshot (`seed`) answers 403 to an app token.
         */
        post: operations["saveAppSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/snapshots/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The snapshot's name.
                 * @example checkout-baseline
                 */
                name: components["parameters"]["SnapshotNamePath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a snapshot that holds an app
         * @description Forgets the caller's snapshot of this name when it holds this app, as `DELETE /snapshots/{name}` does, at a
         *     path that names the app: through a load balancer routing by the appid it reaches the process that holds the
         *     app and its snapshots. A snapshot that does not hold the app answers 404, as a name never saved; the
         *     administrator's (`seed`) answers 403 to an app token.
         */
        delete: operations["deleteAppSnapshot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{appid}/snapshots/{name}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The snapshot's name.
                 * @example checkout-baseline
                 */
                name: components["parameters"]["SnapshotNamePath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore an app from a snapshot
         * @description Puts the app back as the snapshot holds it, as `POST /snapshots/{name}/restore` with this `appid` does, at a
         *     path that names the app (so a load balancer routes it to the app's process). The snapshot may be of this app
         *     or of the whole sandbox (such as `seed`): the name is looked up among the snapshots of the app's team, then the
         *     administrator's; other apps stay as they are. The app is made again if it was
         *     deleted. Faults and the calls counted against rate limits start empty; one `reset` event is sent.
         */
        post: operations["restoreAppSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/world": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Load a world
         * @description Creates the world's apps in one step, as `--seed <file>` does at start: each app as `POST /apps` creates
         *     it (with the magic cids), then its devices (`POST /apps/{appid}/devices/batch`), aliases, rate limits and
         *     DMP party. An app of the sandbox with the same appid is replaced; other apps stay. All or nothing: a world
         *     that cannot be loaded whole (a cid twice in one app, a user_code another app holds) changes nothing.
         */
        post: operations["loadWorld"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the snapshots
         * @description The snapshots saved, oldest first (`seed` first when it was started with `--seed`). With an app token, only its
         *     team's; with the control token, every team's and the administrator's.
         */
        get: operations["listSnapshots"];
        put?: never;
        /**
         * Save a snapshot
         * @description Saves the current state of one app (`appid`) or of the whole sandbox under a name, to go back to it with
         *     `POST /snapshots/{name}/restore` (before every test, for example). A snapshot holds what the app keeps:
         *     settings, clock, devices, inboxes, tasks, tokens, statistics, rate limits and DMP party; not its faults
         *     or the calls counted against rate limits. Snapshots are kept per team: a snapshot of one app is the team's whose
         *     prefix starts its appid, with names of its own (another team may use the same name), at most 64 per team; a
         *     snapshot of the whole sandbox is the administrator's (the control token's), as `seed` is, and a team token may
         *     not replace one. With `--data` they are stored with the state and survive a restart.
         */
        post: operations["saveSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/snapshots/{name}": {
        parameters: {
            query?: {
                /**
                 * @description With the control token: the team (its app token's prefix) whose snapshot of this name is meant, when several teams
                 *     have one of that name (the answer without it is 409 naming them). An app token finds its own team's only: another
                 *     prefix here answers 403.
                 * @example ci-web-
                 */
                team?: components["parameters"]["SnapshotTeamQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description The snapshot's name.
                 * @example checkout-baseline
                 */
                name: components["parameters"]["SnapshotNamePath"];
            };
            cookie?: never;
        };
        /**
         * Get a snapshot
         * @description What a snapshot holds. An app token finds its team's snapshots only (another team's answer 404, as a name never saved).
         */
        get: operations["getSnapshot"];
        put?: never;
        post?: never;
        /**
         * Delete a snapshot
         * @description Forgets a snapshot. The state it was taken from is not touched. An app token deletes its team's only; the administrator's (`seed`) answer 403.
         */
        delete: operations["deleteSnapshot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/snapshots/{name}/restore": {
        parameters: {
            query?: {
                /**
                 * @description With the control token: the team (its app token's prefix) whose snapshot of this name is meant, when several teams
                 *     have one of that name (the answer without it is 409 naming them). An app token finds its own team's only: another
                 *     prefix here answers 403.
                 * @example ci-web-
                 */
                team?: components["parameters"]["SnapshotTeamQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description The snapshot's name.
                 * @example checkout-baseline
                 */
                name: components["parameters"]["SnapshotNamePath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a snapshot
         * @description Goes back to a snapshot. A snapshot of one app replaces that app (made again if it was deleted); other
         *     apps stay. A snapshot of the whole sandbox replaces every app: those made since are removed; with `appid`
         *     in the body, only that app of it is restored and the others stay. Faults and
         *     the calls counted against rate limits of the restored apps start empty; the request log is kept. The page
         *     and event stream get one `reset` event per restore rather than one per record. An app token restores its team's
         *     snapshots, and its own apps (`appid`) from the administrator's (`seed`).
         */
        post: operations["restoreSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the request log
         * @description Recent requests, newest first, with their operation, outcome and what was wrong with a refused one. No header, body or secret is kept.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow what happens, live
         * @description With `Accept: text/event-stream`, a server-sent event stream: one event per change, named by its
         *     type, whose `id` is the event's sequence number and whose `data` is the SandboxEvent in JSON. A
         *     reconnecting client that sends `Last-Event-ID` first gets the recent events it missed. The inbox
         *     page reads this stream to show messages the moment they arrive; a comment line every 15 seconds
         *     keeps the connection open.
         *
         *     With `Accept: application/json`, the recent events at once (at most the last 500), for a test
         *     that polls instead.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A client id that every app has from the start, in a known state. */
        MagicCid: {
            /**
             * @description The client id.
             * @example magic-online
             */
            cid: string;
            /**
             * @description The state the device starts in.
             * @enum {string}
             */
            state: "online" | "offline" | "inactive";
            /**
             * @description What pushing to it does.
             * @example Online: receives at once, push_single answers successed_online.
             */
            description: string;
        };
        /** @description Limits the sandbox applies to protect itself and to keep memory flat. They are sandbox limits, not rules of the service. */
        Limits: {
            /**
             * @description Largest request body accepted; a larger one gets HTTP 413.
             * @example 1048576
             */
            maxBodyBytes: number;
            /**
             * @description Deepest nesting of arrays and objects accepted in a body; deeper gets HTTP 400.
             * @example 32
             */
            maxDepth: number;
            /**
             * @description Most items accepted in any one array of a body; more gets HTTP 413.
             * @example 10000
             */
            maxArrayItems: number;
            /**
             * @description Default number of received messages kept per device; older ones are pruned first.
             * @example 200
             */
            inboxLimit: number;
            /**
             * @description Number of tasks kept per app; the oldest finished tasks are pruned first.
             * @example 1000
             */
            taskLimit: number;
            /**
             * @description Number of requestids remembered per app (for 24 hours of app time), so that a repeated request answers as the first did.
             * @example 10000
             */
            requestIdLimit: number;
            /**
             * @description Number of requests kept in the request log.
             * @example 500
             */
            requestLogLimit: number;
            /**
             * @description Bytes of events written to one event-stream reader and not yet sent. A reader that falls this far behind
             *     (one that does not read) is disconnected; it reconnects with Last-Event-ID and misses nothing the event
             *     buffer still holds.
             * @example 4194304
             */
            streamBacklogBytes: number;
            /**
             * @description Bytes of message content one app keeps (each push's envelope, template and push_info, as JSON). Past it,
             *     the content of the oldest finished tasks (sent, stopped or failed, with nothing still waiting) is cut: every
             *     text longer than 256 characters in it, in the task and in its messages, keeps its first 256 characters and a
             *     note. Scheduled tasks and saved list bodies keep theirs.
             * @example 16777216
             */
            contentBudgetBytes: number;
        };
        /** @description What this sandbox is and the limits it applies. */
        SandboxInfo: {
            /**
             * @description Always `pushapi-sandbox`.
             * @example pushapi-sandbox
             */
            name: string;
            /**
             * @description Version of the sandbox package.
             * @example 0.1.0
             */
            version: string;
            /**
             * @description The appid of the app created at start (and again by a reset): the app the page opens when its address names none. With a team token (`--app-token`), the first app of its prefix instead, while it has one.
             * @example sandbox-app
             */
            defaultAppId: string;
            /**
             * @description Whether state is kept in a data folder across restarts (`--data`), rather than in memory.
             * @example false
             */
            persistent?: boolean;
            /** @description Client ids that exist in every app with a fixed state, so that each reported state needs no setup. */
            magicCids: components["schemas"]["MagicCid"][];
            limits: components["schemas"]["Limits"];
        };
        /** @description A request to check, named by its interface and operationId, without credentials. */
        RequestCheck: {
            /**
             * @description The interface whose document has the operation.
             * @example push-v1
             * @enum {string}
             */
            api: "push-v1" | "dmp" | "control";
            /**
             * @description The operation's operationId in that document, such as `pushSingle` or `getUserTags`.
             * @example pushSingle
             */
            operationId: string;
            /**
             * @description Path parameters by name, as texts (the appid of push v1 excepted, which is not a document parameter).
             * @example {}
             */
            path?: {
                [key: string]: string;
            };
            /**
             * @description Query parameters by name, as texts.
             * @example {}
             */
            query?: {
                [key: string]: string;
            };
            /**
             * @description The app the request would be sent as (optional): the push check then also compares the body with the
             *     app's appkey, clock and earlier notify_ids.
             * @example checkout-tests
             */
            appid?: string;
            /**
             * @description The JSON body; left out for an operation without one.
             * @example {
             *       "cid": "CID_EXAMPLE_0001"
             *     }
             */
            body?: unknown;
        };
        /** @description One rule that a request breaks. */
        Violation: {
            /**
             * @description Where the problem is, as path segments starting with `body`, `path`, `query` or `header`.
             * @example [
             *       "body",
             *       "message",
             *       "msgtype"
             *     ]
             */
            location: string[];
            /**
             * @description Always `Error`.
             * @example Error
             */
            severity: string;
            /**
             * @description The JSON Schema keyword (or sandbox rule) that failed, such as `required` or `const`.
             * @example required
             */
            code: string;
            /**
             * @description What is wrong, in words.
             * @example is required
             */
            message: string;
        };
        /**
         * @description What a phone will do with an accepted push that its sender may not expect (the push check). A warning,
         *     never a refusal: the service accepts the push. The codes and their thresholds are listed in the sandbox
         *     README ("The push check").
         */
        PushWarning: {
            /**
             * @description What the check found.
             * @example ios_shows_nothing
             * @enum {string}
             */
            code: "ios_shows_nothing" | "unknown_push_info_key" | "title_cut" | "apns_payload_too_large" | "notify_id_replaces_nothing" | "push_time_past" | "placeholder_appkey";
            /**
             * @description The field, as path segments of the push's body.
             * @example [
             *       "push_info",
             *       "aps",
             *       "alert"
             *     ]
             */
            location: string[];
            /**
             * @description The phones it concerns.
             * @example ios
             * @enum {string}
             */
            platform: "ios" | "android" | "all";
            /**
             * @description What the phone will do, in words.
             * @example An iOS device shows nothing for this push: iOS shows only push_info.aps.alert (its title and body), and the template is for Android.
             */
            message: string;
        };
        /** @description What the sandbox would refuse in the request, before anything else. */
        RequestCheckResult: {
            /**
             * @description The operation checked, as its method and the path its document writes.
             * @example POST /push_single
             */
            operation: string;
            /** @description Each broken rule, the most useful first; empty when the request is valid. */
            violations: components["schemas"]["Violation"][];
            /**
             * @description For a push v1 push that sends content, what a phone will do with it (the push check): warnings, never
             *     refusals. With `appid`, the checks that need the app (its appkey, clock and earlier notify_ids) run too.
             */
            warnings: components["schemas"]["PushWarning"][];
        };
        /**
         * @description A refused control request (RFC 9457 problem details). `validation` lists what is wrong with the
         *     request, in the shape the Prism mock uses, the most useful item first.
         */
        Problem: {
            /**
             * @description A URN naming the kind of problem: `urn:pushapi:sandbox:<kind>`.
             * @example urn:pushapi:sandbox:not-found
             */
            type: string;
            /**
             * @description Short summary of the kind of problem.
             * @example Not found
             */
            title: string;
            /**
             * @description The HTTP status of the answer.
             * @example 404
             */
            status: number;
            /**
             * @description What is wrong, naming the field or the resource.
             * @example no app with appid "app-missing"
             */
            detail: string;
            /** @description Each rule the request breaks, the most useful first. */
            validation?: components["schemas"]["Violation"][];
        };
        /**
         * @description How strictly the app reads push v1 and DMP requests. `strict` (the default) refuses anything the
         *     description forbids. `lenient` reads a known deviation of clients in use as the service would (a value of
         *     the wrong JSON type that converts without loss, a date in the operation's other documented form, a
         *     notypopload template without its style), records it (request log, events, `GET /apps/{appid}/deviations`)
         *     and goes on; anything else is refused as in strict mode.
         * @example lenient
         * @enum {string}
         */
        Compat: "strict" | "lenient";
        /** @description Behaviour settings of one app. */
        AppSettings: {
            /**
             * @description Whether scheduled push (push_app with pushTime) is enabled. When false, such a push is refused with `other_error`.
             * @example true
             */
            scheduledPush: boolean;
            /**
             * @description Time zone of the app's wall-clock texts, in minutes east of UTC: pushTime, duration_begin and
             *     duration_end, the dates of the daily statistics and the `<mmdd>` of task ids. Default 480 (UTC+08:00).
             * @example 480
             */
            utcOffsetMinutes: number;
            /**
             * @description When set, auth_sign refuses a timestamp further than this from the app's clock with `sign_error`.
             *     `null` (the default): any timestamp is accepted, since the description does not give the allowed skew.
             * @example null
             */
            maxClockSkewMs: number | null;
            /**
             * @description Received messages kept per device; the oldest are pruned first.
             * @example 200
             */
            inboxLimit: number;
            /**
             * @description How strictly the app reads push v1 and DMP requests. `strict` (the default) refuses anything the
             *     description forbids. `lenient` reads a known deviation of clients in use as the service would (a value of
             *     the wrong JSON type that converts without loss, a date in the operation's other documented form, a
             *     notypopload template without its style), records it (request log, events, `GET /apps/{appid}/deviations`)
             *     and goes on; anything else is refused as in strict mode.
             * @example lenient
             * @enum {string}
             */
            compat?: "strict" | "lenient";
        };
        /**
         * @description The app's test clock. It runs with real time from its offset, or stands still when frozen. Tokens
         *     expire, scheduled pushes fire and offline messages expire by this clock. `time` and `frozen` are the fields a
         *     clock change (`POST /apps/{appid}/clock`) and a world's `clock` take: written back, they set the same clock.
         */
        Clock: {
            /**
             * Format: date-time
             * @description The app's time as an ISO 8601 text in UTC, as `time` of a clock change takes it (the same instant as `now`
             *     and `iso`).
             * @example 2030-01-01T00:00:00.000Z
             */
            time: string;
            /**
             * Format: int64
             * @description The app's time, in epoch milliseconds.
             * @example 1893456000000
             */
            now: number;
            /**
             * Format: date-time
             * @description The same instant as an ISO 8601 text in UTC.
             * @example 2030-01-01T00:00:00.000Z
             */
            iso: string;
            /**
             * @description The same instant as `yyyy-MM-dd HH:mm:ss` in the app's time zone (its `utcOffsetMinutes`).
             * @example 2030-01-01 08:00:00
             */
            local: string;
            /**
             * @description Whether the clock stands still until it is set or advanced.
             * @example true
             */
            frozen: boolean;
            /**
             * Format: int64
             * @description Distance from real time while running, in milliseconds (0 for a clock that follows real time).
             * @example 0
             */
            offsetMs: number;
        };
        /** @description Which operations the party may call; a call without permission gets HTTP 403. */
        DmpPermissions: {
            /**
             * @description May call /tags/user.
             * @example true
             */
            tagsUser: boolean;
            /**
             * @description May call /config/tags.
             * @example true
             */
            configTags: boolean;
        };
        /** @description One tag of the party's catalogue, as /config/tags lists it. */
        DmpTag: {
            /**
             * @description Tag id.
             * @example 1001
             */
            tid: string;
            /**
             * @description Tag name.
             * @example Sports fans
             */
            tname: string;
        };
        /** @description The app's party of the tag query service (DMP), without its auth_code. */
        DmpParty: {
            /**
             * @description The party's user_code.
             * @example YOUR_USER_CODE
             */
            userCode: string;
            /**
             * @description Lifetime of its access tokens in seconds of the app's clock (the service's default is 7200).
             * @example 7200
             */
            expiresIn: number;
            permissions: components["schemas"]["DmpPermissions"];
            /** @description The tag catalogue that /config/tags lists. */
            tags: components["schemas"]["DmpTag"][];
        };
        /** @description At most `max` calls in any `perMs` milliseconds of the app's clock; more are refused with `too_frequent`. */
        RateLimit: {
            /**
             * @description Calls allowed in the window.
             * @example 2
             */
            max: number;
            /**
             * @description Length of the window, milliseconds.
             * @example 60000
             */
            perMs: number;
        };
        /**
         * @description The app's limits for the operations the description names as frequency-limited. A missing entry
         *     means no limit (the default: the description gives no numbers). `scheduled_push` counts push_app
         *     calls with pushTime; `push_app` counts the others.
         */
        RateLimits: {
            set_tags?: components["schemas"]["RateLimit"];
            save_list_body?: components["schemas"]["RateLimit"];
            push_list?: components["schemas"]["RateLimit"];
            push_app?: components["schemas"]["RateLimit"];
            scheduled_push?: components["schemas"]["RateLimit"];
        };
        /** @description An app of the sandbox, without its secrets (read those from the credentials operation). */
        App: {
            /**
             * @description The application id, as in `/v1/<appid>/`.
             * @example checkout-tests
             */
            appid: string;
            /**
             * @description The application key.
             * @example YOUR_APP_KEY
             */
            appkey: string;
            /**
             * @description Label shown on the inbox page.
             * @example Checkout tests
             */
            name: string;
            /**
             * Format: int64
             * @description When the app was created, in epoch milliseconds of real time.
             * @example 1893456000000
             */
            createdAt: number;
            settings: components["schemas"]["AppSettings"];
            clock: components["schemas"]["Clock"];
            dmp: components["schemas"]["DmpParty"];
            rateLimits?: components["schemas"]["RateLimits"];
            /** @description How much the app holds. */
            counts: {
                /**
                 * @description Devices, the magic cids included.
                 * @example 5
                 */
                devices: number;
                /**
                 * @description Tasks kept.
                 * @example 2
                 */
                tasks: number;
                /**
                 * @description Valid auth tokens.
                 * @example 1
                 */
                tokens: number;
                /**
                 * @description Bytes of message content the app's tasks hold (each push's envelope, template and push_info, as JSON),
                 *     counted against `contentBudgetBytes` of the sandbox's limits.
                 * @example 0
                 */
                contentBytes: number;
            };
        };
        /** @description Every app of the sandbox. */
        AppList: {
            /** @description The apps, oldest first. */
            apps: components["schemas"]["App"][];
        };
        /** @description Settings to change; fields left out keep their value. */
        AppSettingsUpdate: {
            /**
             * @description Whether scheduled push (push_app with pushTime) is enabled.
             * @example false
             */
            scheduledPush?: boolean;
            /**
             * @description Time zone of the app's wall-clock texts, in minutes east of UTC.
             * @example 0
             */
            utcOffsetMinutes?: number;
            /**
             * @description Largest accepted distance of the auth_sign timestamp from the app's clock; `null` accepts any.
             * @example 600000
             */
            maxClockSkewMs?: number | null;
            /**
             * @description Received messages kept per device.
             * @example 50
             */
            inboxLimit?: number;
            /**
             * @description How strictly the app reads push v1 and DMP requests. `strict` (the default) refuses anything the
             *     description forbids. `lenient` reads a known deviation of clients in use as the service would (a value of
             *     the wrong JSON type that converts without loss, a date in the operation's other documented form, a
             *     notypopload template without its style), records it (request log, events, `GET /apps/{appid}/deviations`)
             *     and goes on; anything else is refused as in strict mode.
             * @example lenient
             * @enum {string}
             */
            compat?: "strict" | "lenient";
        };
        /**
         * @description How to move the test clock. `time` sets it and freezes it (unless `frozen` is false); `advanceMs`
         *     moves it forward (after `time`, if both are given); `frozen` alone stops or restarts it where it is.
         *     Moving it backwards is allowed with `time` only. Everything that falls due on the way happens, in
         *     order: scheduled pushes fire, offline messages expire.
         */
        ClockChange: {
            /**
             * Format: date-time
             * @description The new time: epoch milliseconds (an integer, 0 or more), or an ISO 8601 date-time text with a time zone,
             *     such as `2030-01-01T00:00:00Z` or `2030-01-01T08:00:00+08:00`.
             * @example 2030-01-01T00:00:00Z
             * @example 1893456000000
             */
            time?: number | string;
            /**
             * Format: int64
             * @description Milliseconds to move forward.
             * @example 86400000
             */
            advanceMs?: number;
            /**
             * @description true stops the clock at its (new) time; false lets it run from there.
             * @example true
             */
            frozen?: boolean;
        };
        /**
         * @description Raw device identifiers known to the tag query service. The sandbox derives every hashed form the
         *     description lists (imeiMD5, macMD5 of the colon-free lowercase MAC, imsiMD5, mb, idfa uppercased and
         *     idfaMD5, oaidMD5, androidIdMD5), and /tags/user finds the device by any of them.
         */
        DmpIds: {
            /**
             * @description Android device number.
             * @example 860000000000001
             */
            imei?: string;
            /**
             * @description MAC address, with or without colons.
             * @example 00:11:22:AA:BB:CC
             */
            mac?: string;
            /**
             * @description Mobile subscriber identity.
             * @example 460000000000001
             */
            imsi?: string;
            /**
             * @description Phone number.
             * @example 13800000000
             */
            phone?: string;
            /**
             * @description Advertising id (any case; compared uppercased).
             * @example 00000000-0000-0000-0000-000000000001
             */
            idfa?: string;
            /**
             * @description oaid.
             * @example oaid-example-1
             */
            oaid?: string;
            /**
             * @description androidId.
             * @example android-id-example-1
             */
            androidId?: string;
        };
        /** @description The settable state of a device. Fields left out keep their value (or their default on creation). */
        DeviceFields: {
            /**
             * @description Whether the device is connected. Default false. Coming online delivers the pending offline
             *     messages that have not expired, and sets lastlogin to the app's clock.
             * @example true
             */
            online?: boolean;
            /**
             * @description Whether the user is active. Default true. An inactive device gets `successed_ignore` and receives nothing.
             * @example true
             */
            active?: boolean;
            /**
             * Format: int64
             * @description Last SDK login, in epoch milliseconds of the app's clock. Default the creation time.
             * @example 1893456000000
             */
            lastlogin?: number;
            /**
             * @description Province or city, matched by the `region` condition.
             * @example Zhejiang
             */
            region?: string;
            /**
             * @description Phone type, matched by the `phonetype` condition, such as `ANDROID` or `IOS`. An `IOS` device receives push_info through APN when offline.
             * @example ANDROID
             */
            phonetype?: string;
            /**
             * @description Tags of the client (as set_tags sets them), matched by the `tag` condition.
             * @example [
             *       "sports",
             *       "news"
             *     ]
             */
            tags?: string[];
            /**
             * @description Whether the cid is on the blacklist (as user_blk_list sets it). A blacklisted device is left out of every push.
             * @example false
             */
            blacklisted?: boolean;
            /**
             * @description iOS device token, matched by set_badge `devicetoken_list`.
             * @example devicetoken-example-1
             */
            deviceToken?: string;
            dmpIds?: components["schemas"]["DmpIds"];
            /**
             * @description Tag ids (`tid`) the tag query service returns for this device.
             * @example [
             *       "1001",
             *       "1002"
             *     ]
             */
            dmpTags?: string[];
        };
        /**
         * @description A new device of the app, with the fields a world's device takes (`alias` included). Keys other than those
         *     below are refused.
         */
        DeviceCreate: {
            /**
             * @description The client id. 1 to 128 characters.
             * @example CID_EXAMPLE_0001
             */
            cid: string;
            /**
             * @description An alias bound to the cid (as bind_alias binds it). One alias has at most 10 cids; a device that would
             *     be the 11th is refused (409) and nothing is created.
             * @example alice
             */
            alias?: string;
        } & components["schemas"]["DeviceFields"];
        /**
         * @description Devices to register besides the magic cids, in this order, each as `POST /apps/{appid}/devices` creates one
         *     (alias and tags included): all or none. At most 10,000.
         */
        NewDevices: components["schemas"]["DeviceCreate"][];
        /**
         * @description A new, isolated app. Every field is optional: credentials left out are generated (random), and the
         *     app starts with the magic cids and a DMP party of its own, and the `devices` given (a test's app and its
         *     devices in one call). A refusal creates nothing.
         */
        AppCreate: {
            /**
             * @description Appid to use; generated when left out. Letters, digits, `-` and `_`, 1 to 64 characters.
             * @example checkout-tests
             */
            appid?: string;
            /**
             * @description Appkey to use; generated when left out.
             * @example YOUR_APP_KEY
             */
            appkey?: string;
            /**
             * @description Master secret to use; generated when left out.
             * @example YOUR_MASTER_SECRET
             */
            mastersecret?: string;
            /**
             * @description The user_code of the app's DMP party; generated when left out. Unique in the sandbox.
             * @example checkout-party
             */
            userCode?: string;
            /**
             * @description The auth_code of the app's DMP party; generated when left out.
             * @example YOUR_AUTH_CODE
             */
            authCode?: string;
            /**
             * @description A label shown on the inbox page.
             * @example Checkout tests
             */
            name?: string;
            settings?: components["schemas"]["AppSettingsUpdate"];
            clock?: components["schemas"]["ClockChange"];
            devices?: components["schemas"]["NewDevices"];
        };
        /** @description What a client needs to sign in to the app (push v1) and to its DMP party. */
        Credentials: {
            /**
             * @description Application id.
             * @example checkout-tests
             */
            appid: string;
            /**
             * @description Application key.
             * @example YOUR_APP_KEY
             */
            appkey: string;
            /**
             * @description Master secret, used in the auth_sign signature.
             * @example YOUR_MASTER_SECRET
             */
            mastersecret: string;
            /** @description Credentials of the app's DMP party. */
            dmp: {
                /**
                 * @description The party's user_code.
                 * @example YOUR_USER_CODE
                 */
                userCode: string;
                /**
                 * @description The party's auth_code, used in sign2.
                 * @example YOUR_AUTH_CODE
                 */
                authCode: string;
            };
        };
        /** @description A new app with its credentials. Keep them; the app's other operations never show the secrets again. */
        AppCreated: components["schemas"]["App"] & {
            credentials: components["schemas"]["Credentials"];
        };
        /** @description The clock after the change, and what fell due on the way. */
        ClockResult: components["schemas"]["Clock"] & {
            /**
             * @description Scheduled tasks dispatched, in order.
             * @example [
             *       "RASA_0101_0123456789abcdef0123456789abcdef"
             *     ]
             */
            fired: string[];
            /**
             * @description Offline messages that expired undelivered.
             * @example 0
             */
            expired: number;
        };
        /** @description A device (a client id) of an app, and what it holds. */
        Device: {
            /**
             * @description The client id.
             * @example CID_EXAMPLE_0001
             */
            cid: string;
            /**
             * @description Whether the device is connected.
             * @example true
             */
            online: boolean;
            /**
             * @description Whether the user is active.
             * @example true
             */
            active: boolean;
            /**
             * Format: int64
             * @description Last SDK login, epoch milliseconds of the app's clock.
             * @example 1893456000000
             */
            lastlogin: number;
            /**
             * @description Province or city.
             * @example Zhejiang
             */
            region?: string;
            /**
             * @description Phone type.
             * @example ANDROID
             */
            phonetype?: string;
            /**
             * @description Tags of the client.
             * @example [
             *       "sports"
             *     ]
             */
            tags: string[];
            /**
             * @description Whether the cid is on the blacklist.
             * @example false
             */
            blacklisted: boolean;
            /**
             * @description The alias bound to the cid, if any.
             * @example user-7
             */
            alias: string | null;
            /**
             * @description The iOS badge number last set by set_badge, if any.
             * @example null
             */
            badge: number | null;
            /**
             * @description iOS device token.
             * @example devicetoken-example-1
             */
            deviceToken?: string;
            dmpIds: components["schemas"]["DmpIds"];
            /**
             * @description Tag ids the tag query service returns for this device.
             * @example [
             *       "1001"
             *     ]
             */
            dmpTags: string[];
            /**
             * @description For a magic cid, the state it was created in (`online`, `offline` or `inactive`); null otherwise.
             * @example null
             */
            magic: string | null;
            /**
             * Format: int64
             * @description When the device was registered, epoch milliseconds of the app's clock.
             * @example 1893456000000
             */
            createdAt: number;
            /**
             * @description Messages received and kept.
             * @example 3
             */
            inboxCount: number;
            /**
             * @description Offline messages waiting for the device to come online.
             * @example 0
             */
            pendingCount: number;
        };
        /** @description The devices of an app. */
        DeviceList: {
            /** @description The devices, in order of registration (the magic cids first). */
            devices: components["schemas"]["Device"][];
        };
        /** @description Devices to register in one call. */
        DeviceBatch: {
            devices: components["schemas"]["NewDevices"];
        };
        /** @description The outcome of a batch registration. */
        DeviceBatchResult: {
            /**
             * @description How many devices were added (every device of the list).
             * @example 2
             */
            created: number;
            /**
             * @description How many devices the app has now, the magic cids included.
             * @example 5
             */
            devices: number;
        };
        /** @description Fields of a device to change; fields left out keep their value. Keys other than those below are refused. */
        DeviceUpdate: components["schemas"]["DeviceFields"];
        /**
         * @description How the task was pushed: push_single, push_single_batch, save_list_body + push_list, push_app, or push_app with pushTime.
         * @enum {string}
         */
        TaskKind: "single" | "batch" | "list" | "app" | "scheduled";
        /** @description One message as a device got it (or waits for it), with the push that sent it. */
        InboxMessage: {
            /**
             * @description Id of this message in the sandbox.
             * @example m-42
             */
            id: string;
            /**
             * @description The device (client id) it was sent to.
             * @example CID_EXAMPLE_0001
             */
            cid: string;
            /**
             * @description The task that sent it.
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskid: string;
            /**
             * @description How the task was pushed: push_single, push_single_batch, save_list_body + push_list, push_app, or push_app with pushTime.
             * @enum {string}
             */
            kind: "single" | "batch" | "list" | "app" | "scheduled";
            /**
             * @description The requestid of the push, if it had one.
             * @example req-0000000000000001
             */
            requestid: string | null;
            /**
             * @description The template.
             * @enum {string}
             */
            msgtype: "notification" | "link" | "notypopload" | "startactivity" | "transmission";
            /**
             * @description The message envelope as the push sent it.
             * @example {
             *       "msgtype": "notification",
             *       "is_offline": true
             *     }
             */
            message: {
                [key: string]: unknown;
            };
            /**
             * @description The template object as the push sent it (the property named by msgtype).
             * @example {
             *       "style": {
             *         "type": 0,
             *         "text": "Hello",
             *         "title": "Hi",
             *         "logo": "icon.png"
             *       }
             *     }
             */
            template: {
                [key: string]: unknown;
            };
            /**
             * @description The push_info of the push (the iOS APN message), if any.
             * @example null
             */
            push_info: {
                [key: string]: unknown;
            } | null;
            /**
             * @description `delivered`: received; `pending`: kept for an offline device; `expired`: its offline time ran out; `stopped`: its task was stopped.
             * @enum {string}
             */
            state: "delivered" | "pending" | "expired" | "stopped";
            /**
             * @description `online`: received when sent; `offline`: received when the device came online; null while not received.
             * @enum {string|null}
             */
            via: "online" | "offline" | null;
            /**
             * @description Whether it went to an offline IOS device as its push_info (APN) rather than through the connection.
             * @example false
             */
            apn: boolean;
            /**
             * Format: int64
             * @description When the push sent it, epoch milliseconds of the app's clock.
             * @example 1893456000000
             */
            sentAt: number;
            /**
             * Format: int64
             * @description When the device received it, epoch milliseconds of the app's clock.
             * @example 1893456000000
             */
            receivedAt: number | null;
            /**
             * Format: int64
             * @description For an offline message, when its retention (offline_expire_time) ends.
             * @example null
             */
            expiresAt: number | null;
            /**
             * Format: int64
             * @description The template's duration_begin, as epoch milliseconds, if given.
             * @example null
             */
            displayFrom: number | null;
            /**
             * Format: int64
             * @description The template's duration_end, as epoch milliseconds, if given.
             * @example null
             */
            displayUntil: number | null;
            /**
             * @description Whether a click was recorded (through the control API).
             * @example false
             */
            clicked: boolean;
            /**
             * @description The id of the newer message that took this one's place on the device's notification bar: a later
             *     notification with the same style `notify_id` on the same device and channel (`channelId`, `Default` when
             *     not given). The inbox keeps both; a replaced message stays `delivered`. Null while nothing replaced it.
             * @example null
             */
            replacedBy: string | null;
        };
        /** @description What a device received, and what waits for it. */
        Inbox: {
            /**
             * @description The client id.
             * @example CID_EXAMPLE_0001
             */
            cid: string;
            /** @description Messages received, in the order received (oldest first), at most the app's inboxLimit. */
            messages: components["schemas"]["InboxMessage"][];
            /** @description Offline messages kept for the device, oldest first. */
            pending: components["schemas"]["InboxMessage"][];
        };
        /** @description Messages of an app, across its devices, newest first. */
        MessageList: {
            /** @description The messages that match, newest first, at most `limit`. */
            messages: components["schemas"]["InboxMessage"][];
            /**
             * @description How many messages match in all (more than `messages` holds when the limit cut the list).
             * @example 1
             */
            matched: number;
        };
        /**
         * @description Counts of one task, from what happened. push_result reports them as msgTotal = deliverable,
         *     msgProcess = received, clickNum = clicked, pushNum = sent.
         */
        TaskStats: {
            /**
             * @description Client ids targeted (after aliases were resolved).
             * @example 3
             */
            targets: number;
            /**
             * @description Messages sent (targets less unknown and blacklisted cids).
             * @example 2
             */
            sent: number;
            /**
             * @description Sent to active devices.
             * @example 2
             */
            deliverable: number;
            /**
             * @description Received at once by an online device.
             * @example 1
             */
            online: number;
            /**
             * @description Sent to an offline device.
             * @example 1
             */
            offline: number;
            /**
             * @description Sent to an inactive device (successed_ignore), not delivered.
             * @example 0
             */
            ignored: number;
            /**
             * @description Left out because the cid is blacklisted.
             * @example 1
             */
            filtered: number;
            /**
             * @description Cids the app does not know (no_user).
             * @example 0
             */
            unknown: number;
            /**
             * @description Received so far, online or on coming online.
             * @example 1
             */
            received: number;
            /**
             * @description Received messages that show a notification (every template but transmission, and APN alerts).
             * @example 1
             */
            displayed: number;
            /**
             * @description Clicks recorded through the control API.
             * @example 0
             */
            clicked: number;
            /**
             * @description Offline messages still waiting.
             * @example 1
             */
            pending: number;
            /**
             * @description Sent to offline IOS devices as their push_info (APN).
             * @example 0
             */
            apn: number;
        };
        /** @description A push task of an app, with its targets and its statistics. */
        Task: {
            /**
             * @description The task id (`RASS_`, `RASL_` or `RASA_`, then `<mmdd>_<hex>` from the app's clock).
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskid: string;
            /**
             * @description How the task was pushed: push_single, push_single_batch, save_list_body + push_list, push_app, or push_app with pushTime.
             * @enum {string}
             */
            kind: "single" | "batch" | "list" | "app" | "scheduled";
            /**
             * @description `saved`: a list body not pushed yet; `sent`; `scheduled`: waiting for pushTime; `stopped`: by stop_task; `failed`: a scheduled task that had no target when it fired; `deleted`: by del_schedule_task.
             * @enum {string}
             */
            state: "saved" | "sent" | "scheduled" | "stopped" | "failed" | "deleted";
            /**
             * Format: int64
             * @description Creation time, epoch milliseconds of the app's clock.
             * @example 1893456000000
             */
            createdAt: number;
            /**
             * @description The task_name given at push time, if any.
             * @example spring-campaign
             */
            taskName: string | null;
            /**
             * @description The requestid of the push, if it had one.
             * @example req-0000000000000001
             */
            requestid: string | null;
            /**
             * @description The template.
             * @enum {string}
             */
            msgtype: "notification" | "link" | "notypopload" | "startactivity" | "transmission";
            /**
             * @description For a scheduled task, its pushTime (`yyyyMMddHHmm`, app time zone).
             * @example null
             */
            pushTime: string | null;
            /**
             * @description For a scheduled task, what get_schedule_task reports as sendResult.
             * @example null
             */
            sendResult: string | null;
            /** @description What the push named. */
            targets: {
                /**
                 * @description Client ids the task reached (after aliases, conditions and batches were resolved).
                 * @example [
                 *       "CID_EXAMPLE_0001"
                 *     ]
                 */
                cids: string[];
                /**
                 * @description Aliases named by the push.
                 * @example []
                 */
                aliases: string[];
                /**
                 * @description The condition of an app push, as sent.
                 * @example null
                 */
                condition: {
                    [key: string]: unknown;
                }[] | null;
            };
            stats: components["schemas"]["TaskStats"];
            /**
             * @description Status of each cid the task reached, as push_list's cid_details reports it.
             * @example {
             *       "CID_EXAMPLE_0001": "successed_online"
             *     }
             */
            details: {
                [key: string]: "successed_online" | "successed_offline" | "successed_ignore" | "no_user";
            };
        };
        /** @description The tasks of an app. */
        TaskList: {
            /** @description Tasks, newest first. */
            tasks: components["schemas"]["Task"][];
        };
        /** @description A fault waiting for calls of its operation. */
        Fault: {
            /**
             * @description Id of the fault.
             * @example f-1
             */
            id: string;
            /**
             * @description The operation it applies to.
             * @example push_single
             */
            operation: string;
            /**
             * @description What it does.
             * @enum {string}
             */
            kind: "http" | "drop" | "delay" | "result";
            /**
             * @description Calls it still applies to.
             * @example 1
             */
            remaining: number;
            /**
             * @description For `http`, the status answered.
             * @example 503
             */
            status: number | null;
            /**
             * @description For `delay`, the wait.
             * @example null
             */
            delayMs: number | null;
            /**
             * @description For `result`, the result answered.
             * @example null
             */
            result: string | null;
            /**
             * @description For `result`, the desc answered.
             * @example null
             */
            desc: string | null;
        };
        /** @description Faults waiting, in the order they apply. */
        FaultList: {
            /** @description The faults. */
            faults: components["schemas"]["Fault"][];
        };
        /**
         * @description The operation, as its path names it (`push_single`, `query_cid`, `tags/user`). Where one path has several methods,
         *     the name adds the method, so that each name is one operation: `user_blk_list (POST)`, `user_blk_list (DELETE)`.
         * @example push_single
         * @example user_blk_list (DELETE)
         */
        FaultOperation: string;
        /**
         * @description How many of the next calls get the fault. Default 1.
         * @example 1
         */
        FaultTimes: number;
        /**
         * @description A fault for the next `times` calls of one operation of the app. `operation` names a push v1
         *     operation as its path does (`push_single`, `user_status`, ...) or a DMP one (`accesser/auth`,
         *     `tags/user`, `config/tags`); a path with several methods names each with its method (`user_blk_list (POST)`,
         *     `user_blk_list (DELETE)`). A fault answers before anything else is checked and changes nothing.
         */
        FaultCreate: {
            /**
             * @description The operation, as its path names it (`push_single`, `query_cid`, `tags/user`). Where one path has several methods,
             *     the name adds the method, so that each name is one operation: `user_blk_list (POST)`, `user_blk_list (DELETE)`.
             * @example push_single
             * @example user_blk_list (DELETE)
             */
            operation: string;
            /**
             * @description How many of the next calls get the fault. Default 1.
             * @example 1
             */
            times?: number;
            /**
             * @description Answer with an HTTP status.
             * @constant
             * @enum {string}
             */
            kind: "http";
            /**
             * @description The status to answer. Default 503.
             * @example 503
             */
            status?: number;
        } | {
            /**
             * @description The operation, as its path names it (`push_single`, `query_cid`, `tags/user`). Where one path has several methods,
             *     the name adds the method, so that each name is one operation: `user_blk_list (POST)`, `user_blk_list (DELETE)`.
             * @example push_single
             * @example user_blk_list (DELETE)
             */
            operation: string;
            /**
             * @description How many of the next calls get the fault. Default 1.
             * @example 1
             */
            times?: number;
            /**
             * @description Close the connection without an answer.
             * @constant
             * @enum {string}
             */
            kind: "drop";
        } | {
            /**
             * @description The operation, as its path names it (`push_single`, `query_cid`, `tags/user`). Where one path has several methods,
             *     the name adds the method, so that each name is one operation: `user_blk_list (POST)`, `user_blk_list (DELETE)`.
             * @example push_single
             * @example user_blk_list (DELETE)
             */
            operation: string;
            /**
             * @description How many of the next calls get the fault. Default 1.
             * @example 1
             */
            times?: number;
            /**
             * @description Wait before handling the call.
             * @constant
             * @enum {string}
             */
            kind: "delay";
            /**
             * @description Milliseconds to wait (real time).
             * @example 2000
             */
            delayMs: number;
        } | {
            /**
             * @description The operation, as its path names it (`push_single`, `query_cid`, `tags/user`). Where one path has several methods,
             *     the name adds the method, so that each name is one operation: `user_blk_list (POST)`, `user_blk_list (DELETE)`.
             * @example push_single
             * @example user_blk_list (DELETE)
             */
            operation: string;
            /**
             * @description How many of the next calls get the fault. Default 1.
             * @example 1
             */
            times?: number;
            /**
             * @description Answer with a given result.
             * @constant
             * @enum {string}
             */
            kind: "result";
            /**
             * @description The `result` (push v1) or `code` (DMP) to answer, such as `too_frequent` or `other_error`.
             * @example other_error
             */
            result: string;
            /**
             * @description The `desc` to answer with it.
             * @example injected by the sandbox
             */
            desc?: string;
        };
        /** @description Party settings to change; fields left out keep their value. */
        DmpPartyUpdate: {
            /**
             * @description Lifetime of new access tokens, seconds.
             * @example 60
             */
            expiresIn?: number;
            /** @description Permissions to change. */
            permissions?: {
                /**
                 * @description May call /tags/user.
                 * @example false
                 */
                tagsUser?: boolean;
                /**
                 * @description May call /config/tags.
                 * @example true
                 */
                configTags?: boolean;
            };
            /** @description The new tag catalogue (replaces the old one). */
            tags?: components["schemas"]["DmpTag"][];
        };
        /**
         * @description The rule of the description a lenient app bent:
         *     - `json-type`: "Types are JSON types. Where the interface says String, the value is a JSON string." A value
         *       of another JSON type that converts without loss (a number where a string is due, digits where an
         *       integer is due, `"true"`/`"false"` where a boolean is due) is read as the converted value.
         *     - `date-form`: a date of query_app_user (`yyyy-MM-dd`) or query_app_push (`yyyyMMdd`) given in the other
         *       form is read as that day.
         *     - `notypopload-style`: "The request also carries a style object inside this template." A notypopload
         *       template without `style` is read with a system style (type 0) made of its notytitle, notycontent and
         *       notyicon.
         * @example json-type
         * @enum {string}
         */
        DeviationRule: "json-type" | "date-form" | "notypopload-style";
        /** @description The deviations a lenient app accepted since it was created or reset (kept in memory only), one entry per rule. */
        DeviationSummary: {
            /**
             * @description How strictly the app reads push v1 and DMP requests. `strict` (the default) refuses anything the
             *     description forbids. `lenient` reads a known deviation of clients in use as the service would (a value of
             *     the wrong JSON type that converts without loss, a date in the operation's other documented form, a
             *     notypopload template without its style), records it (request log, events, `GET /apps/{appid}/deviations`)
             *     and goes on; anything else is refused as in strict mode.
             * @example lenient
             * @enum {string}
             */
            compat: "strict" | "lenient";
            /** @description One entry per rule bent, the most often bent first. */
            deviations: {
                /**
                 * @description The rule of the description a lenient app bent:
                 *     - `json-type`: "Types are JSON types. Where the interface says String, the value is a JSON string." A value
                 *       of another JSON type that converts without loss (a number where a string is due, digits where an
                 *       integer is due, `"true"`/`"false"` where a boolean is due) is read as the converted value.
                 *     - `date-form`: a date of query_app_user (`yyyy-MM-dd`) or query_app_push (`yyyyMMdd`) given in the other
                 *       form is read as that day.
                 *     - `notypopload-style`: "The request also carries a style object inside this template." A notypopload
                 *       template without `style` is read with a system style (type 0) made of its notytitle, notycontent and
                 *       notyicon.
                 * @example json-type
                 * @enum {string}
                 */
                rule: "json-type" | "date-form" | "notypopload-style";
                /**
                 * @description The rule as the description states it.
                 * @example Types are JSON types. Where the interface says String, the value is a JSON string.
                 */
                rule_text: string;
                /**
                 * @description How many times requests bent it.
                 * @example 3
                 */
                count: number;
                /** @description The last request that bent it. */
                last: {
                    /**
                     * @description Its id in the request log (`GET /requests`).
                     * @example 17
                     */
                    requestId: number;
                    /**
                     * Format: int64
                     * @description When it arrived, epoch milliseconds of real time.
                     * @example 1893456000000
                     */
                    at: number;
                    /**
                     * @description The operation, as its path names it.
                     * @example auth_sign
                     */
                    operation: string;
                    /**
                     * @description Where the deviation was.
                     * @example [
                     *       "body",
                     *       "timestamp"
                     *     ]
                     */
                    location: string[];
                    /**
                     * @description What was sent, and what the sandbox read instead.
                     * @example the number 1893456000000 read as the string "1893456000000"
                     */
                    detail: string;
                };
            }[];
        };
        /**
         * @description A field of a request or an answer that calls of the operation met, as api-diff writes places (`[]` for an array's
         *     items, `.*` for the entries of a map). Only the fields the document names are kept, never a value that is not one
         *     of a field's documented values.
         */
        UsageField: {
            /**
             * @description The field: `request.body.<field>…`, `request.query.<name>`, `request.path.<name>`, `request.header.<name>`, or
             *     `response.<status>.body.<field>…` with the status as the document names it.
             * @example request.body.message.msgtype
             */
            where: string;
            /**
             * @description How many calls met it (a field met in several items of one call counts once).
             * @example 12
             */
            calls: number;
            /**
             * @description For a field with an `enum` or `const`: the documented values calls met, each with how many calls met it (at
             *     most 16 values a field). Left out for a field without a list of values.
             */
            values?: {
                /**
                 * @description The value, one of those the document lists for the field.
                 * @example notification
                 */
                value: string | number | boolean;
                /**
                 * @description How many calls met it.
                 * @example 12
                 */
                calls: number;
            }[];
        };
        /** @description What an app's calls of one operation sent and received. */
        UsageOperation: {
            /**
             * @description The document of the operation.
             * @example push-v1
             * @enum {string}
             */
            api: "push-v1" | "dmp";
            /**
             * @description Its operationId in that document (what api-diff names).
             * @example pushSingle
             */
            operationId: string;
            /**
             * @description The operation as its path names it.
             * @example push_single
             */
            name: string;
            /**
             * @description How many calls of it the sandbox answered (or dropped) for the app.
             * @example 12
             */
            calls: number;
            /** @description The request fields calls sent (at most 256 fields an operation, with the answer's). */
            request: components["schemas"]["UsageField"][];
            /** @description The answer fields calls received. */
            response: components["schemas"]["UsageField"][];
            /** @description The HTTP statuses and results calls got, the most frequent first (at most 32 an operation). */
            outcomes: {
                /**
                 * @description The HTTP status answered; 0 for a connection closed without an answer (a `drop` fault).
                 * @example 200
                 */
                status: number;
                /**
                 * @description The answer's `result` (push v1) or `code` (DMP); null when it has none.
                 * @example ok
                 */
                result: string | null;
                /**
                 * @description How many calls got it.
                 * @example 11
                 */
                calls: number;
            }[];
        };
        /**
         * @description An app's usage ledger: for each push v1 and DMP operation its calls met, how often, the fields sent and received,
         *     the documented values among them, and the statuses and results. Kept from the app's creation until it is deleted
         *     (a reset or a restore of the app keeps it), stored with `--data`. It holds field places and documented values only:
         *     no message content, no identifier, no credential.
         */
        UsageLedger: {
            /**
             * @description The app.
             * @example ci-web-7
             */
            appid: string;
            /**
             * @description The prefix of the team token whose apps include it; null when no app token covers it.
             * @example ci-web-
             */
            team: string | null;
            /**
             * @description Whether something was left out for the bounds (256 fields an operation, 16 values a field, 32 outcomes an
             *     operation): the ledger then under-counts the places left out.
             * @example false
             */
            truncated: boolean;
            /** @description The operations called, in the order of their first call. */
            operations: components["schemas"]["UsageOperation"][];
        };
        /** @description A saved state, kept while the sandbox runs (and across restarts with `--data`). */
        Snapshot: {
            /**
             * @description The snapshot's name.
             * @example checkout-baseline
             */
            name: string;
            /**
             * @description The app it holds; null for the whole sandbox.
             * @example checkout-tests
             */
            appid: string | null;
            /**
             * @description The appids it holds.
             * @example [
             *       "checkout-tests"
             *     ]
             */
            apps: string[];
            /**
             * @description Devices it holds, over every app.
             * @example 5
             */
            devices: number;
            /**
             * Format: int64
             * @description When it was saved, epoch milliseconds of real time.
             * @example 1893456000000
             */
            createdAt: number;
        };
        /** @description The saved snapshots, oldest first. */
        SnapshotList: {
            /** @description The snapshots. */
            snapshots: components["schemas"]["Snapshot"][];
        };
        /** @description The name to save an app's snapshot under; the appid when left out. */
        AppSnapshotCreate: {
            /**
             * @description The snapshot's name. Letters, digits, `.`, `-` and `_`, 1 to 64 characters, starting with a letter or digit (so that it is never a path segment such as `..`).
             * @example checkout-baseline
             */
            name?: string;
        };
        /**
         * @description One app of a world, as `POST /apps` would create it (the magic cids come with it), then its devices
         *     (with their aliases), rate limits and DMP party. An app of the sandbox with the same appid is replaced.
         */
        WorldApp: {
            /**
             * @description The app's appid. Letters, digits, `-` and `_`, 1 to 64 characters.
             * @example checkout-tests
             */
            appid: string;
            /**
             * @description Appkey; generated when left out.
             * @example YOUR_APP_KEY
             */
            appkey?: string;
            /**
             * @description Master secret; generated when left out.
             * @example YOUR_MASTER_SECRET
             */
            mastersecret?: string;
            /**
             * @description The user_code of the app's DMP party; generated when left out. Unique in the sandbox.
             * @example checkout-party
             */
            userCode?: string;
            /**
             * @description The auth_code of the app's DMP party; generated when left out.
             * @example YOUR_AUTH_CODE
             */
            authCode?: string;
            /**
             * @description A label shown on the inbox page.
             * @example Checkout tests
             */
            name?: string;
            settings?: components["schemas"]["AppSettingsUpdate"];
            clock?: components["schemas"]["ClockChange"];
            rateLimits?: components["schemas"]["RateLimits"];
            dmp?: components["schemas"]["DmpPartyUpdate"];
            devices?: components["schemas"]["NewDevices"];
        };
        /**
         * @description A world: apps with their devices, aliases, tags, DMP ids and DMP parties, described once in a file a
         *     team commits (JSON or YAML). `--seed <file>` loads it at start (and saves it as the snapshot `seed`);
         *     `POST /world` loads it into a running sandbox. Apps of the sandbox that the world does not name stay.
         */
        World: {
            /**
             * @description Where the file's schema is, for editors; ignored by the sandbox.
             * @example ./node_modules/@pushapi/sandbox/world.schema.json
             */
            $schema?: string;
            /** @description The apps, created in this order. Their appids and DMP user_codes must differ. */
            apps: components["schemas"]["WorldApp"][];
        };
        /** @description What a world load did. */
        WorldLoaded: {
            /**
             * @description The appids the world made, in order.
             * @example [
             *       "checkout-tests"
             *     ]
             */
            apps: string[];
            /**
             * @description Devices registered, the magic cids included.
             * @example 5
             */
            devices: number;
            /**
             * @description Appids that existed before and were replaced.
             * @example []
             */
            replaced: string[];
        };
        /**
         * @description Saves the current state under a name: of one app (`appid`) or of the whole sandbox (no `appid`). A
         *     snapshot of the same name is replaced.
         */
        SnapshotCreate: {
            /**
             * @description The snapshot's name. Letters, digits, `.`, `-` and `_`, 1 to 64 characters, starting with a letter or digit (so that it is never a path segment such as `..`).
             * @example checkout-baseline
             */
            name: string;
            /**
             * @description The app to save; the whole sandbox when left out.
             * @example checkout-tests
             */
            appid?: string;
        };
        /** @description What to restore. Without `appid`, everything the snapshot holds; with it, that app only. */
        SnapshotRestore: {
            /**
             * @description One app of the snapshot to restore, leaving the other apps as they are (an app of the seeded world from
             *     the snapshot `seed`, say).
             * @example checkout-tests
             */
            appid?: string;
        };
        /** @description One deviation from the description that a lenient app accepted, and how it was read. */
        Deviation: {
            /**
             * @description The rule of the description a lenient app bent:
             *     - `json-type`: "Types are JSON types. Where the interface says String, the value is a JSON string." A value
             *       of another JSON type that converts without loss (a number where a string is due, digits where an
             *       integer is due, `"true"`/`"false"` where a boolean is due) is read as the converted value.
             *     - `date-form`: a date of query_app_user (`yyyy-MM-dd`) or query_app_push (`yyyyMMdd`) given in the other
             *       form is read as that day.
             *     - `notypopload-style`: "The request also carries a style object inside this template." A notypopload
             *       template without `style` is read with a system style (type 0) made of its notytitle, notycontent and
             *       notyicon.
             * @example json-type
             * @enum {string}
             */
            rule: "json-type" | "date-form" | "notypopload-style";
            /**
             * @description Where it is, as path segments starting with `body`, `path` or `query`.
             * @example [
             *       "body",
             *       "timestamp"
             *     ]
             */
            location: string[];
            /**
             * @description What was sent, and what the sandbox read instead.
             * @example the number 1893456000000 read as the string "1893456000000"
             */
            detail: string;
        };
        /**
         * @description One request the sandbox answered. No secret is kept: no header, no body, and the query of
         *     /accesser/auth is dropped.
         */
        RequestLogEntry: {
            /**
             * @description Sequence number, growing.
             * @example 17
             */
            id: number;
            /**
             * Format: int64
             * @description When it arrived, epoch milliseconds of real time.
             * @example 1893456000000
             */
            at: number;
            /**
             * Format: int64
             * @description When it arrived on the clock of its app (epoch milliseconds of the app's test clock); absent when no app was found.
             * @example 1893456000000
             */
            appAt?: number;
            /**
             * @description The app it concerned, when known.
             * @example checkout-tests
             */
            appid: string | null;
            /**
             * @description Which interface it called.
             * @enum {string}
             */
            api: "push-v1" | "dmp" | "control" | "page" | "none";
            /**
             * @description The operation, as its path names it; null when no operation matched.
             * @example push_single
             */
            operation: string | null;
            /**
             * @description HTTP method.
             * @example POST
             */
            method: string;
            /**
             * @description The request path, without its query.
             * @example /v1/checkout-tests/push_single
             */
            path: string;
            /**
             * @description HTTP status answered (0 when the connection was dropped).
             * @example 200
             */
            status: number;
            /**
             * @description The `result` (push v1) or `code` (DMP) answered, when there was one.
             * @example ok
             */
            outcome: string | null;
            /**
             * @description The `desc` or problem detail answered, when there was one.
             * @example null
             */
            desc: string | null;
            /** @description What was wrong with a refused request, most useful first. */
            violations: components["schemas"]["Violation"][];
            /** @description The deviations from the description a lenient app accepted in this request, and how each was read. */
            deviations: components["schemas"]["Deviation"][];
            /**
             * @description Time to answer, milliseconds.
             * @example 0.4
             */
            durationMs: number;
            /**
             * @description The kind of injected fault that answered it, if any.
             * @example null
             */
            fault: string | null;
            /**
             * @description For a push (push v1), the tasks it made or pushed, as its answer named them; absent otherwise.
             * @example [
             *       "RASS_0101_0123456789abcdef0123456789abcdef"
             *     ]
             */
            taskids?: string[];
            /** @description For an accepted push of push v1, what a phone will do with it (the push check); absent otherwise. */
            warnings?: components["schemas"]["PushWarning"][];
            /**
             * @description For a push of push v1 that sends content (push_single, push_single_batch, save_list_body, push_list,
             *     push_app), its JSON body as the sandbox received it: it carries no credential (the token travels in a
             *     header). Null when the body was over 64 KiB; absent for every other request.
             * @example {
             *       "cid": "CID_EXAMPLE_0001",
             *       "message": {
             *         "msgtype": "notification"
             *       },
             *       "notification": {
             *         "style": {
             *           "type": 0,
             *           "title": "Hi",
             *           "text": "Hello",
             *           "logo": "icon.png"
             *         }
             *       }
             *     }
             */
            body?: {
                [key: string]: unknown;
            } | null;
        };
        /** @description Recent requests, newest first. */
        RequestLog: {
            /** @description The requests. */
            requests: components["schemas"]["RequestLogEntry"][];
        };
        /**
         * @description What a `message` event says of the message that changed: its ids, its template and the fields that change
         *     (state, click, replacement). The message as a device shows it (times, envelope, push_info) is read from the
         *     control API: GET `/control/apps/{appid}/devices/{cid}/inbox` or `/control/apps/{appid}/messages`.
         */
        MessageChange: {
            /**
             * @description Id of the message in the sandbox.
             * @example m-42
             */
            id: string;
            /**
             * @description The device (client id) it was sent to.
             * @example CID_EXAMPLE_0001
             */
            cid: string;
            /**
             * @description The task that sent it.
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskid: string;
            /**
             * @description The template.
             * @enum {string}
             */
            msgtype: "notification" | "link" | "notypopload" | "startactivity" | "transmission";
            /**
             * @description The template object as the push sent it (the property named by msgtype).
             * @example {
             *       "style": {
             *         "type": 0,
             *         "text": "Hello",
             *         "title": "Hi",
             *         "logo": "icon.png"
             *       }
             *     }
             */
            template: {
                [key: string]: unknown;
            };
            /**
             * @description As the InboxMessage's state.
             * @enum {string}
             */
            state: "delivered" | "pending" | "expired" | "stopped";
            /**
             * @description Whether a click was recorded.
             * @example false
             */
            clicked: boolean;
            /**
             * @description The id of the newer message that took this one's place on the notification bar; null while none did.
             * @example null
             */
            replacedBy: string | null;
        };
        /**
         * @description What a `message` event says of the device the message belongs to: its counts after the change, as its Device
         *     has them (a message received, one waiting that arrived or expired, an inbox trimmed). A reader updates the
         *     counts it shows from them without reading the device again.
         */
        DeviceCounts: {
            /**
             * @description Messages received and kept.
             * @example 3
             */
            inboxCount: number;
            /**
             * @description Offline messages waiting for the device to come online.
             * @example 0
             */
            pendingCount: number;
        };
        /**
         * @description One event of the live stream. `type` says what changed; the page applies what the event carries and
         *     reloads the rest of what it shows of that app. `message` events carry the ids and the change of the
         *     message (a MessageChange), not the message as shown: a reader loads that from the control API; and the
         *     device's counts after the change (DeviceCounts). `request` events carry the request log's entry.
         */
        SandboxEvent: {
            /**
             * @description Sequence number of the event, growing.
             * @example 42
             */
            id: number;
            /**
             * @description What changed.
             * @enum {string}
             */
            type: "app" | "device" | "message" | "task" | "clock" | "request" | "reset";
            /**
             * @description The app concerned; null for a reset of the whole sandbox or a request of no app.
             * @example checkout-tests
             */
            appid: string | null;
            /**
             * @description For `device` and `message`, the client id.
             * @example CID_EXAMPLE_0001
             */
            cid?: string;
            /**
             * @description For `task`, the task id.
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskid?: string;
            message?: components["schemas"]["MessageChange"];
            counts?: components["schemas"]["DeviceCounts"];
            request?: components["schemas"]["RequestLogEntry"];
        };
        /** @description Recent events, oldest first. */
        EventList: {
            /** @description The events. */
            events: components["schemas"]["SandboxEvent"][];
        };
    };
    responses: {
        /** @description The request is malformed: its body is not JSON, or a parameter is not valid. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description No such app, device, message or task. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The body breaks the document: each broken rule is listed, the most useful first. */
        Unprocessable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The request conflicts with the state: an appid or cid that exists already. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /**
         * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
         * @example checkout-tests
         */
        AppIdPath: string;
        /**
         * @description The device's client id, 1 to 128 characters.
         * @example CID_EXAMPLE_0001
         */
        CidPath: string;
        /**
         * @description Wait up to this many milliseconds (of real time) for what the call asks for to happen, then answer with what is
         *     there: at once when it has happened already, as soon as it happens, or when the time is up. No polling inside:
         *     the answer follows the event that makes it true. Default 0 (answer at once). At most 60,000.
         * @example 5000
         */
        WaitQuery: number;
        /**
         * @description With `wait`: the id of the last message the caller has seen; the answer waits for a message received after it
         *     (in the inbox's order). Without it, for any message at all.
         * @example m-41
         */
        AfterMessageQuery: string;
        /**
         * @description The id of a message in the device's inbox.
         * @example m-42
         */
        MessageIdPath: string;
        /**
         * @description The task id.
         * @example RASS_0101_0123456789abcdef0123456789abcdef
         */
        TaskIdPath: string;
        /**
         * @description With `wait`, the state to wait for (such as `sent` for a scheduled push to fire).
         * @example sent
         */
        TaskStateQuery: "saved" | "sent" | "scheduled" | "stopped" | "failed" | "deleted";
        /**
         * @description The snapshot's name.
         * @example checkout-baseline
         */
        SnapshotNamePath: string;
        /**
         * @description With the control token: the team (its app token's prefix) whose snapshot of this name is meant, when several teams
         *     have one of that name (the answer without it is 409 naming them). An app token finds its own team's only: another
         *     prefix here answers 403.
         * @example ci-web-
         */
        SnapshotTeamQuery: string;
        /**
         * @description Only what concerns this app.
         * @example checkout-tests
         */
        AppIdQuery: string;
        /**
         * @description At most this many entries. Default 100.
         * @example 50
         */
        LimitQuery: number;
        /**
         * @description Only events with a greater `id` (the `id` of the last event seen).
         * @example 41
         */
        AfterQuery: number;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sandbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxInfo"];
                };
            };
        };
    };
    resetSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sandbox after the reset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxInfo"];
                };
            };
        };
    };
    checkRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RequestCheck"];
            };
        };
        responses: {
            /** @description The violations (none when the request is valid). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestCheckResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
        };
    };
    listApps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The apps. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppList"];
                };
            };
        };
    };
    createApp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppCreate"];
            };
        };
        responses: {
            /** @description The new app and its credentials. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
        };
    };
    getApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The app. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["App"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    putApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppCreate"];
            };
        };
        responses: {
            /** @description The new app and its credentials. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
        };
    };
    deleteApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["NotFound"];
        };
    };
    updateApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AppSettingsUpdate"];
            };
        };
        responses: {
            /** @description The app after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["App"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
        };
    };
    getCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credentials. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Credentials"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    resetApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The app after the reset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["App"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    getClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clock"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    setClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClockChange"];
            };
        };
        responses: {
            /** @description The clock after the change, and what it made happen. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClockResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
        };
    };
    listDevices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The devices. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceList"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    createDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeviceCreate"];
            };
        };
        responses: {
            /** @description The new device. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
        };
    };
    createDevices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeviceBatch"];
            };
        };
        responses: {
            /** @description How many devices were added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceBatchResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
        };
    };
    getDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The device's client id, 1 to 128 characters.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The device. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    deleteDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The device's client id, 1 to 128 characters.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    updateDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The device's client id, 1 to 128 characters.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeviceUpdate"];
            };
        };
        responses: {
            /** @description The device after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
        };
    };
    getInbox: {
        parameters: {
            query?: {
                /**
                 * @description Wait up to this many milliseconds (of real time) for what the call asks for to happen, then answer with what is
                 *     there: at once when it has happened already, as soon as it happens, or when the time is up. No polling inside:
                 *     the answer follows the event that makes it true. Default 0 (answer at once). At most 60,000.
                 * @example 5000
                 */
                wait?: components["parameters"]["WaitQuery"];
                /**
                 * @description With `wait`: the id of the last message the caller has seen; the answer waits for a message received after it
                 *     (in the inbox's order). Without it, for any message at all.
                 * @example m-41
                 */
                after?: components["parameters"]["AfterMessageQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The device's client id, 1 to 128 characters.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The inbox. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Inbox"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    clearInbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The device's client id, 1 to 128 characters.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Emptied. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["NotFound"];
        };
    };
    deleteMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The device's client id, 1 to 128 characters.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
                /**
                 * @description The id of a message in the device's inbox.
                 * @example m-42
                 */
                messageId: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["NotFound"];
        };
    };
    clickMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The device's client id, 1 to 128 characters.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
                /**
                 * @description The id of a message in the device's inbox.
                 * @example m-42
                 */
                messageId: components["parameters"]["MessageIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message, clicked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InboxMessage"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    listMessages: {
        parameters: {
            query?: {
                /**
                 * @description Only the messages of this device.
                 * @example CID_EXAMPLE_0001
                 */
                cid?: string;
                /**
                 * @description Only the messages of the devices this alias is bound to.
                 * @example user-7
                 */
                alias?: string;
                /**
                 * @description Only the messages of this template (msgtype).
                 * @example link
                 */
                template?: "notification" | "link" | "notypopload" | "startactivity" | "transmission";
                /**
                 * @description Only the messages of this task.
                 * @example RASS_0101_0123456789abcdef0123456789abcdef
                 */
                taskid?: string;
                /**
                 * @description Text to find, without regard to case, in any text value of the template and push_info: title, text,
                 *     content, long text, the iOS alert, addresses.
                 * @example order
                 */
                q?: string;
                /**
                 * @description `waiting`: kept for an offline device (pending); `delivered`: received; `expired`: never received, its
                 *     offline time (offline_expire_time) or display time (duration_end) over; `stopped`: never received, its
                 *     task stopped (stop_task); `replaced`: received, then replaced on the notification bar by a newer message
                 *     with the same notify_id; `clicked`: tapped.
                 * @example delivered
                 */
                state?: "waiting" | "delivered" | "expired" | "stopped" | "replaced" | "clicked";
                /**
                 * @description At most this many messages. Default 200.
                 * @example 50
                 */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The messages, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageList"];
                };
            };
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
        };
    };
    listTasks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tasks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskList"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    getTask: {
        parameters: {
            query?: {
                /**
                 * @description Wait up to this many milliseconds (of real time) for what the call asks for to happen, then answer with what is
                 *     there: at once when it has happened already, as soon as it happens, or when the time is up. No polling inside:
                 *     the answer follows the event that makes it true. Default 0 (answer at once). At most 60,000.
                 * @example 5000
                 */
                wait?: components["parameters"]["WaitQuery"];
                /**
                 * @description With `wait`, the state to wait for (such as `sent` for a scheduled push to fire).
                 * @example sent
                 */
                state?: components["parameters"]["TaskStateQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The task id.
                 * @example RASS_0101_0123456789abcdef0123456789abcdef
                 */
                taskid: components["parameters"]["TaskIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    listFaults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The faults. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FaultList"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    addFault: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FaultCreate"];
            };
        };
        responses: {
            /** @description The fault, waiting. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fault"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
        };
    };
    clearFaults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["NotFound"];
        };
    };
    getRateLimits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The limits. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimits"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    setRateLimits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RateLimits"];
            };
        };
        responses: {
            /** @description The limits now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimits"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
        };
    };
    getDmpParty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The party. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DmpParty"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    updateDmpParty: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DmpPartyUpdate"];
            };
        };
        responses: {
            /** @description The party after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DmpParty"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
        };
    };
    listDeviations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deviations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviationSummary"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ledger. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageLedger"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    listAppSnapshots: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshots holding the app. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SnapshotList"];
                };
            };
        };
    };
    saveAppSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppSnapshotCreate"];
            };
        };
        responses: {
            /** @description The snapshot saved. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Snapshot"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
        };
    };
    deleteAppSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The snapshot's name.
                 * @example checkout-baseline
                 */
                name: components["parameters"]["SnapshotNamePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["NotFound"];
        };
    };
    restoreAppSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's appid: letters, digits, `-` and `_`, 1 to 64 characters (the sandbox's bound on every appid).
                 * @example checkout-tests
                 */
                appid: components["parameters"]["AppIdPath"];
                /**
                 * @description The snapshot's name.
                 * @example checkout-baseline
                 */
                name: components["parameters"]["SnapshotNamePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshot the app was restored from. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Snapshot"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    loadWorld: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["World"];
            };
        };
        responses: {
            /** @description What the load made. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorldLoaded"];
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
        };
    };
    listSnapshots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshots. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SnapshotList"];
                };
            };
        };
    };
    saveSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SnapshotCreate"];
            };
        };
        responses: {
            /** @description The snapshot saved. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Snapshot"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
        };
    };
    getSnapshot: {
        parameters: {
            query?: {
                /**
                 * @description With the control token: the team (its app token's prefix) whose snapshot of this name is meant, when several teams
                 *     have one of that name (the answer without it is 409 naming them). An app token finds its own team's only: another
                 *     prefix here answers 403.
                 * @example ci-web-
                 */
                team?: components["parameters"]["SnapshotTeamQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description The snapshot's name.
                 * @example checkout-baseline
                 */
                name: components["parameters"]["SnapshotNamePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The snapshot. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Snapshot"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    deleteSnapshot: {
        parameters: {
            query?: {
                /**
                 * @description With the control token: the team (its app token's prefix) whose snapshot of this name is meant, when several teams
                 *     have one of that name (the answer without it is 409 naming them). An app token finds its own team's only: another
                 *     prefix here answers 403.
                 * @example ci-web-
                 */
                team?: components["parameters"]["SnapshotTeamQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description The snapshot's name.
                 * @example checkout-baseline
                 */
                name: components["parameters"]["SnapshotNamePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            404: components["responses"]["NotFound"];
        };
    };
    restoreSnapshot: {
        parameters: {
            query?: {
                /**
                 * @description With the control token: the team (its app token's prefix) whose snapshot of this name is meant, when several teams
                 *     have one of that name (the answer without it is 409 naming them). An app token finds its own team's only: another
                 *     prefix here answers 403.
                 * @example ci-web-
                 */
                team?: components["parameters"]["SnapshotTeamQuery"];
            };
            header?: never;
            path: {
                /**
                 * @description The snapshot's name.
                 * @example checkout-baseline
                 */
                name: components["parameters"]["SnapshotNamePath"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SnapshotRestore"];
            };
        };
        responses: {
            /** @description The snapshot restored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Snapshot"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["Unprocessable"];
        };
    };
    listRequests: {
        parameters: {
            query?: {
                /**
                 * @description Only what concerns this app.
                 * @example checkout-tests
                 */
                appid?: components["parameters"]["AppIdQuery"];
                /**
                 * @description At most this many entries. Default 100.
                 * @example 50
                 */
                limit?: components["parameters"]["LimitQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The requests. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestLog"];
                };
            };
            422: components["responses"]["Unprocessable"];
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /**
                 * @description Only what concerns this app.
                 * @example checkout-tests
                 */
                appid?: components["parameters"]["AppIdQuery"];
                /**
                 * @description Only events with a greater `id` (the `id` of the last event seen).
                 * @example 41
                 */
                after?: components["parameters"]["AfterQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream (it stays open), or the recent events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                    "application/json": components["schemas"]["EventList"];
                };
            };
        };
    };
}
