// Generated from openapi/push-v1 (bundle: openapi/dist/push-v1.json).
// Do not edit: run `pnpm run generate` in this package.

export interface paths {
    "/auth_sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in and get an auth token
         * @deprecated
         * @description Exchanges a signature for an `auth_token`. The signature is
         *     `sign = sha256(appkey + timestamp + mastersecret)` in hexadecimal, where `timestamp` is the current
         *     time in milliseconds as a string (sent in the body too) and `mastersecret` is generated when the
         *     application is registered. The master secret itself is never sent.
         *
         *     Every later request carries the token in header `authtoken`. The token is valid for 1 day by
         *     default; an expired token cannot be used. The allowed clock skew of the timestamp is not specified.
         */
        post: operations["authSign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth_close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invalidate the auth token
         * @deprecated
         * @description Invalidates the token sent in header `authtoken`, so that nobody else can misuse it. No request body.
         */
        post: operations["authClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bind_alias": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bind aliases to clients
         * @deprecated
         * @description Binds each cid to an alias. One cid has at most one alias: binding an already bound cid to a new
         *     alias unbinds the earlier alias. One alias has several cids, at most 10; the service enforces
         *     that limit across requests, so no schema can check it.
         */
        post: operations["bindAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query_cid/{alias}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The alias.
                 * @example alias-example-1
                 */
                alias: components["parameters"]["AliasPath"];
            };
            cookie?: never;
        };
        /**
         * List the clients of an alias
         * @deprecated
         * @description Returns the cids bound to the alias.
         */
        get: operations["queryCid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query_alias/{cid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The client id.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        /**
         * Get the alias of a client
         * @deprecated
         * @description Returns the alias bound to the cid.
         */
        get: operations["queryAlias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/unbind_alias": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unbind one client from an alias
         * @deprecated
         * @description Removes the binding of one cid to the alias.
         */
        post: operations["unbindAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/unbind_alias_all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unbind every client from an alias
         * @deprecated
         * @description Removes every binding of the alias.
         */
        post: operations["unbindAliasAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/set_tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the tags of a client
         * @deprecated
         * @description Sets the tag list of one cid. Rate controlled: the service refuses calls above its frequency
         *     limit (result `too_frequent`); the numeric limit is not specified.
         */
        post: operations["setTags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/get_tags/{cid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The client id.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        /**
         * Get the tags of a client
         * @deprecated
         * @description Returns the tag list of the cid.
         */
        get: operations["getTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user_blk_list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add clients to the blacklist
         * @deprecated
         * @description Adds the cids to the blacklist. Blacklisted clients are filtered out of pushes.
         */
        post: operations["postUserBlkList"];
        /**
         * Remove clients from the blacklist
         * @deprecated
         * @description Removes the cids from the blacklist. This DELETE carries a JSON body.
         */
        delete: operations["deleteUserBlkList"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user_status/{cid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The client id.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        /**
         * Get the status of a client
         * @deprecated
         * @description Returns whether the client is online and when it last logged in. For an invalid user `result` is `no_user`; that is an answer, not a failure.
         */
        get: operations["userStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/push_result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the push results of tasks
         * @deprecated
         * @description Returns delivery results per task. The list of task ids may be spelled `taskIdList` or `taskidlist`.
         */
        post: operations["pushResult"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query_app_user/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The day, `yyyy-MM-dd`. Only days other than today are supported.
                 * @example 2030-01-01
                 */
                date: components["parameters"]["UserDatePath"];
            };
            cookie?: never;
        };
        /**
         * Get the user data of a day
         * @deprecated
         * @description Returns the user counts of one day. Only days other than today are supported; the service refuses the current day.
         */
        get: operations["queryAppUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query_app_push/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The day, `yyyyMMdd` as in the description's path sample (the description gives no other format for this operation), in the service's time zone (the sandbox: the app's, UTC+08:00 by default).
                 * @example 20300101
                 */
                date: components["parameters"]["PushDatePath"];
            };
            cookie?: never;
        };
        /**
         * Get the push data of a day
         * @deprecated
         * @description Returns the push counts of one day.
         */
        get: operations["queryAppPush"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/set_badge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the iOS badge number
         * @deprecated
         * @description Sets the application badge number of iOS clients, given by cid or by device token. iOS only.
         */
        post: operations["setBadge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/get_push_result_by_group_name/{groupName}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The task_name given at push time.
                 * @example spring-campaign
                 */
                groupName: components["parameters"]["GroupNamePath"];
            };
            cookie?: never;
        };
        /**
         * Get the totals of a task name
         * @deprecated
         * @description Returns the totals of every task pushed with this task_name.
         */
        get: operations["getPushResultByGroupName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/get_last_24hours_online_User_statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get online counts of the last 24 hours
         * @deprecated
         * @description Returns the online count at every time point of the last 24 hours, one point every ten minutes (six per hour).
         */
        get: operations["getLast24hoursOnlineUserStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query_user_count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count the users matching conditions
         * @deprecated
         * @description Returns the number of users matching the conditions (same shape as the app push `condition`).
         */
        post: operations["queryUserCount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query_bi_tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the available bi tags
         * @deprecated
         * @description Returns the bi tags that conditions may use.
         */
        get: operations["queryBiTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/push_single": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push a message to one client
         * @deprecated
         * @description Sends one message to one client, named by `cid` or by `alias` (exactly one of the two). The
         *     message uses exactly one template, named by `message.msgtype`. `requestid` identifies the request
         *     (request-unique; what the service does with a repeated one is not stated, see `requestid`). `status` reports how the message was delivered.
         */
        post: operations["pushSingle"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/save_list_body": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save the message of a list push
         * @deprecated
         * @description Saves a message (envelope and exactly one template) for push_list and returns its `taskid`.
         *     Several tasks may share one `task_name`. Rate controlled: the service refuses calls above its
         *     frequency limit (result `too_frequent`); the numeric limit is not specified.
         */
        post: operations["saveListBody"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/push_list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push a saved message to a list of clients
         * @deprecated
         * @description Sends the message saved by save_list_body (its `taskid`) to a list of cids or of aliases. One of
         *     the two lists is required; when both are present, `cid` wins and `alias` is ignored. With
         *     `need_detail`, `cid_details` reports every cid; a cid reported as `no_user` is an answer, not a
         *     failure of the call. Rate controlled: the service refuses calls above its frequency limit
         *     (result `too_frequent`); the numeric limit is not specified.
         */
        post: operations["pushList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/push_app": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push a message to all clients of the app, now or at a set time
         * @deprecated
         * @description Sends one message to every client of the app, filtered by `condition`.
         *
         *     **Scheduled push:** the same operation with `pushTime` (12 digits, `yyyyMMddHHmm`) sends the message
         *     at that time. Scheduled push must first be enabled for the application; otherwise the service
         *     refuses the call. Query and delete scheduled tasks with get_schedule_task and del_schedule_task.
         *
         *     Rate controlled (immediate and scheduled): the service refuses calls above its frequency limit
         *     (result `too_frequent`); the numeric limit is not specified.
         */
        post: operations["pushApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stop_task/{taskid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The task id.
                 * @example RASA_0101_0123456789abcdef0123456789abcdef
                 */
                taskid: components["parameters"]["TaskIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop a task
         * @deprecated
         * @description Stops a message that is still within its validity period. No request body.
         */
        delete: operations["stopTask"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/push_single_batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push a different message to each of many clients
         * @deprecated
         * @description Sends several single pushes in one call. Every item has its own message, exactly one template,
         *     a target (`cid` or `alias`, one of the two) and a `requestid`. The per-message detail returned
         *     when `need_detail` is true is not specified by the description.
         */
        post: operations["pushSingleBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/get_schedule_task": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a scheduled task
         * @deprecated
         * @description Returns the detail of a scheduled push task.
         */
        post: operations["getScheduleTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/del_schedule_task": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a scheduled task
         * @deprecated
         * @description Deletes a scheduled task that has not been sent yet. A task less than one minute from its dispatch
         *     cannot be deleted, which means that its dispatch cannot be stopped.
         */
        post: operations["delScheduleTask"];
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
        /**
         * @description Sign-in. `sign = sha256(appkey + timestamp + mastersecret)` as lowercase hexadecimal, where
         *     `timestamp` is the current time in milliseconds as a string and `mastersecret` is generated when the
         *     application is registered. The allowed clock skew of the timestamp is not specified.
         */
        AuthSignRequest: {
            /**
             * @description SHA-256 of appkey + timestamp + mastersecret, hexadecimal.
             * @example 0000000000000000000000000000000000000000000000000000000000000000
             */
            sign: string;
            /**
             * @description Current time in milliseconds since the epoch, as a string.
             * @example 1893456000000
             */
            timestamp: string;
            /**
             * @description Application key (`<APP_KEY>`).
             * @example YOUR_APP_KEY
             */
            appkey: string;
        };
        /**
         * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
         * @example ok
         * @constant
         * @enum {string}
         */
        OkResult: "ok";
        /**
         * @description Error description; present on failure. Its wording is not specified.
         * @example authtoken is not valid
         */
        Desc: string;
        /**
         * @description Outcome of the call. `ok` means success; any other value names the failure and `desc` describes it.
         *     The value is an open string: the description of the service names only `ok` and `no_user`; the other
         *     known values come from the public documentation of the service, never as a closed set.
         *
         *     | value | meaning |
         *     |---|---|
         *     | `ok` | Success. |
         *     | `no_user` | Invalid user: an answer of user_status, and the per-cid value in push_list details; not a failure there. |
         *     | `not_auth` | The `authtoken` is missing, expired or not valid: sign in again. |
         *     | `sign_error` | The auth_sign signature does not match (check the sign computation and the clock). |
         *     | `too_frequent` | Rate control refused the call: wait and try again later. |
         *     | `no_appid` | The appid in the path is unknown. |
         *     | `appid_notmatch` | The appid does not match the appkey. |
         *     | `black_appid` | The application is blocked. |
         *     | `black_ip` | The caller's IP address is blocked. |
         *     | `invalid_param` | A parameter is not valid. |
         *     | `alias_error` | An alias operation failed. |
         *     | `alias_notbind` | The alias is not bound. |
         *     | `no_msg` | There is no message to push. |
         *     | `no_valid_push` | There is no valid push target. |
         *     | `no_taskid` | The task id is unknown. |
         *     | `pushnum_overlimit` | The push quota is exceeded. |
         *     | `tag_over_limit` | The tag quota is exceeded. |
         *     | `taginvalid_or_noauth` | A tag is not valid, or not permitted. |
         *     | `sensitive_word` | The content was refused. |
         *     | `successed_online` | A delivery state reported by some operations: delivered online. |
         *     | `successed_offline` | A delivery state reported by some operations: delivered as an offline message. |
         *     | `successed_ignore` | A delivery state reported by some operations: inactive user, not delivered. |
         *     | `other_error` | Any other failure. |
         * @example ok
         */
        Result: string;
        /**
         * failure
         * @description The answer of any push v1 operation that failed: `result` names the failure (any value but `ok`) and `desc`
         *     describes it. Required: `result` and `desc`, because the description says "Every response has `result`
         *     (String, `ok` on success) and, on failure, `desc` (String, error description)". The failure's other fields
         *     are not specified.
         */
        Failure: {
            /**
             * @description The failure, any value but `ok`; the known values and their meanings are in `Result`.
             * @example ok
             */
            result: string;
            /**
             * @description Error description; present on failure. Its wording is not specified.
             * @example authtoken is not valid
             */
            desc: string;
        };
        /** @description Answer of auth_sign. The ok shape or the failure shape, told apart by `result`. */
        AuthSignResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /**
             * @description Token to send in header `authtoken` with every later request. Valid for 1 day by default; an expired token cannot be used. Present on success.
             * @example AUTH_TOKEN_PLACEHOLDER
             */
            auth_token: string;
        } | components["schemas"]["Failure"];
        /** @description Answer carrying only the outcome. The ok shape or the failure shape, told apart by `result`. */
        ResultResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
        } | components["schemas"]["Failure"];
        /**
         * @description Client id of an app installation. Format and length limits are not specified by the description.
         * @example CID_EXAMPLE_0001
         */
        Cid: string;
        /**
         * @description Alias bound to one or more client ids (at most 10 cids per alias). Format and length limits are not specified.
         * @example alias-example-1
         */
        Alias: string;
        /** @description Pairs of cid and alias to bind. Binding an already bound cid to a new alias unbinds the earlier alias. */
        BindAliasRequest: {
            /** @description The bindings to make. */
            alias_list: {
                /**
                 * @description Client id of an app installation. Format and length limits are not specified by the description.
                 * @example CID_EXAMPLE_0001
                 */
                cid: string;
                /**
                 * @description Alias bound to one or more client ids (at most 10 cids per alias). Format and length limits are not specified.
                 * @example alias-example-1
                 */
                alias: string;
            }[];
        };
        /** @description Answer of query_cid. The ok shape or the failure shape, told apart by `result`. */
        QueryCidResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /** @description Client ids bound to the alias. */
            cid: string[];
        } | components["schemas"]["Failure"];
        /** @description Answer of query_alias. The ok shape or the failure shape, told apart by `result`. */
        QueryAliasResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /**
             * @description Alias bound to the cid.
             * @example alias-example-1
             */
            alias: string;
        } | components["schemas"]["Failure"];
        /** @description The binding to remove. */
        UnbindAliasRequest: {
            /**
             * @description Client id of an app installation. Format and length limits are not specified by the description.
             * @example CID_EXAMPLE_0001
             */
            cid: string;
            /**
             * @description Alias bound to one or more client ids (at most 10 cids per alias). Format and length limits are not specified.
             * @example alias-example-1
             */
            alias: string;
        };
        /** @description The alias whose bindings are all removed. */
        UnbindAliasAllRequest: {
            /**
             * @description Alias bound to one or more client ids (at most 10 cids per alias). Format and length limits are not specified.
             * @example alias-example-1
             */
            alias: string;
        };
        /** @description The tags to set for one client. */
        SetTagsRequest: {
            /**
             * @description Client id of an app installation. Format and length limits are not specified by the description.
             * @example CID_EXAMPLE_0001
             */
            cid: string;
            /** @description Tag names to set for the client. */
            tag_list: string[];
        };
        /** @description Answer of get_tags. The ok shape or the failure shape, told apart by `result`. */
        GetTagsResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /**
             * @description Client id of an app installation. Format and length limits are not specified by the description.
             * @example CID_EXAMPLE_0001
             */
            cid: string;
            /**
             * @description The tag list of the client, as one string. How the tags are separated is not specified by the description.
             * @example vip shanghai
             */
            tags: string;
        } | components["schemas"]["Failure"];
        /** @description Client ids to add to or remove from the blacklist. */
        BlacklistRequest: {
            /** @description Client ids. */
            cid: string[];
        };
        /** @description Answer of user_status. `result` is `no_user` for an invalid user: that is an answer, not a failure of the call. The ok shape or the failure shape, told apart by `result`. `anyOf`, not `oneOf`: a `no_user` answer that carries `desc` also fits the failure shape. */
        UserStatusResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /**
             * @description Client id of an app installation. Format and length limits are not specified by the description.
             * @example CID_EXAMPLE_0001
             */
            cid: string;
            /**
             * @description Whether the client is online.
             * @example online
             * @enum {string}
             */
            status: "online" | "offline";
            /**
             * @description Timestamp of the last SDK login, as text. Its format is not specified by the description.
             * @example 1768435200000
             */
            lastlogin: string;
        } | {
            /**
             * @description Always `no_user`: the cid is not a valid user.
             * @constant
             * @enum {string}
             */
            result: "no_user";
            /**
             * @description Error description; present on failure. Its wording is not specified.
             * @example authtoken is not valid
             */
            desc?: string;
            /**
             * @description The cid asked about, when the answer gives it back; the description does not say.
             * @example CID_EXAMPLE_0001
             */
            cid?: string;
        } | components["schemas"]["Failure"];
        /**
         * @description Task id. Ids carry a prefix by kind: `RASS_` single or batch push, `RASL_` saved list body,
         *     `RASA_` app push, followed by `<mmdd>_<hex>`. Format and length limits beyond that: not specified.
         * @example RASS_0101_0123456789abcdef0123456789abcdef
         */
        TaskId: string;
        /**
         * @description Task ids to report on. The description names the list `taskidlist` in its field table and
         *     `taskIdList` in its request sample; both spellings are accepted, one of them per request.
         */
        PushResultRequest: {
            /** @description Task ids. */
            taskIdList: string[];
        } | {
            /** @description Task ids. */
            taskidlist: string[];
        };
        /** @description Delivery counters of one channel. The types of its fields are not specified by the description. */
        ChannelResult: {
            /** @description Sent. Type not specified. */
            sent?: unknown;
            /** @description Feedback received. Type not specified. */
            feedback?: unknown;
            /** @description Clicked. Type not specified. */
            clicked?: unknown;
            /** @description Displayed. Type not specified. */
            displayed?: unknown;
            /** @description Result of the channel. Type not specified. */
            result?: unknown;
        };
        /** @description Push result of one task. */
        PushResultItem: {
            /**
             * @description Task id. Ids carry a prefix by kind: `RASS_` single or batch push, `RASL_` saved list body,
             *     `RASA_` app push, followed by `<mmdd>_<hex>`. Format and length limits beyond that: not specified.
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskId?: string;
            /**
             * Format: int64
             * @description Valid deliverable total (the description's words): messages sent to devices able to receive them.
             * @example 1200
             */
            msgTotal?: number;
            /**
             * Format: int64
             * @description Receipt total (the description's words): devices that received the message.
             * @example 1100
             */
            msgProcess?: number;
            /**
             * Format: int64
             * @description Clicks.
             * @example 85
             */
            clickNum?: number;
            /**
             * Format: int64
             * @description Total sent (the description's words): messages the task sent.
             * @example 1250
             */
            pushNum?: number;
            /** @description Results through the service's own channel. */
            GT?: components["schemas"]["ChannelResult"];
            /** @description iOS results (Apple push notification service). */
            APN?: components["schemas"]["ChannelResult"];
        };
        /** @description Answer of push_result. The ok shape or the failure shape, told apart by `result`. */
        PushResultResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /** @description One item per task. */
            data: components["schemas"]["PushResultItem"][];
        } | components["schemas"]["Failure"];
        /** @description User data of one day. */
        DailyUserData: {
            /**
             * @description Application id.
             * @example APP_ID_EXAMPLE
             */
            appId?: string;
            /**
             * @description The day reported.
             * @example 2026-01-15
             */
            date?: string;
            /**
             * Format: int64
             * @description New registrations.
             * @example 42
             */
            newRegistCount?: number;
            /**
             * Format: int64
             * @description Total registrations.
             * @example 15000
             */
            registTotalCount?: number;
            /**
             * Format: int64
             * @description Active users.
             * @example 3200
             */
            activeCount?: number;
            /**
             * Format: int64
             * @description Online users.
             * @example 2100
             */
            onlineCount?: number;
        };
        /** @description Answer of query_app_user. The ok shape or the failure shape, told apart by `result`. */
        QueryAppUserResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            data: components["schemas"]["DailyUserData"];
        } | components["schemas"]["Failure"];
        /** @description Daily counters of the service's own channel. The types of its fields are not specified by the description. */
        DailyPushGt: {
            /** @description Sent. Type not specified. */
            sent?: unknown;
            /** @description Feedback received. Type not specified. */
            feedback?: unknown;
            /** @description Displayed. Type not specified. */
            displayed?: unknown;
            /** @description Clicked. Type not specified. */
            clicked?: unknown;
        };
        /** @description Push data of one day. */
        DailyPushData: {
            /**
             * @description Application id.
             * @example APP_ID_EXAMPLE
             */
            appId?: string;
            /**
             * @description The day reported.
             * @example 20260115
             */
            date?: string;
            /**
             * Format: int64
             * @description Messages sent.
             * @example 5000
             */
            sendCount?: number;
            /**
             * Format: int64
             * @description Messages sent online.
             * @example 2100
             */
            sendOnlineCount?: number;
            /**
             * Format: int64
             * @description Messages received.
             * @example 4700
             */
            receiveCount?: number;
            /**
             * Format: int64
             * @description Messages shown.
             * @example 4500
             */
            showCount?: number;
            /**
             * Format: int64
             * @description Messages clicked.
             * @example 310
             */
            clickCount?: number;
            GT?: components["schemas"]["DailyPushGt"];
        };
        /** @description Answer of query_app_push. The description lists a `GT` object both inside the daily push data and beside `data`; both places are accepted. The ok shape or the failure shape, told apart by `result`. */
        QueryAppPushResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            data: components["schemas"]["DailyPushData"];
            GT?: components["schemas"]["DailyPushGt"];
        } | components["schemas"]["Failure"];
        /** @description Sets the iOS application badge number (iOS only). Which fields are required is not specified by the description. */
        SetBadgeRequest: {
            /**
             * @description Badge number.
             * @example 3
             */
            badge?: number;
            /** @description Client ids whose badge is set. */
            cid_list?: string[];
            /** @description iOS device tokens whose badge is set. */
            devicetoken_list?: string[];
            /**
             * @description Application id; listed by the description beside the path's appid, its role is not specified.
             * @example YOUR_APP_ID
             */
            appid?: string;
            /** @description Message id; listed by the description, its role is not specified. */
            msgid?: string;
        };
        /**
         * @description Task name chosen by the caller; several tasks may share one name. Query results per name with get_push_result_by_group_name. Format and length limits are not specified.
         * @example spring-campaign
         */
        TaskName: string;
        /** @description Answer of get_push_result_by_group_name: the totals of every task pushed under one task_name. The ok shape or the failure shape, told apart by `result`. */
        GroupResultResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /**
             * Format: int64
             * @description Active users in the last hundred days.
             * @example 15000
             */
            msgTotal: number;
            /**
             * Format: int64
             * @description Messages actually delivered.
             * @example 2100
             */
            onlineNum: number;
            /**
             * Format: int64
             * @description Messages received.
             * @example 4700
             */
            msgProcess: number;
            /**
             * Format: int64
             * @description Messages shown.
             * @example 4500
             */
            showNum: number;
            /**
             * Format: int64
             * @description Messages clicked.
             * @example 310
             */
            clickNum: number;
        } | components["schemas"]["Failure"];
        /** @description Answer of get_last_24hours_online_User_statistics. The ok shape or the failure shape, told apart by `result`. */
        OnlineStatisticsResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /** @description Online count per time point over the last 24 hours, one point every ten minutes (six per hour). The format of the time point keys is not specified by the description. */
            onlineStatics: {
                [key: string]: number;
            };
        } | components["schemas"]["Failure"];
        /** @description One filter criterion. */
        ConditionItem: {
            /**
             * @description Criterion: `region` (province or city), `phonetype`, or `tag` (user tag). No v1 operation sets a device's region and the description does not say how a device gets one (the sandbox takes it when a device is created).
             * @example region
             * @enum {string}
             */
            key: "region" | "phonetype" | "tag";
            /** @description Filter arguments. */
            values: string[];
            /**
             * @description How the values combine: 0 union (or), 1 intersection (and), 2 not in the values.
             * @example 0
             * @enum {integer}
             */
            opt_type: 0 | 1 | 2;
        };
        /** @description Filter conditions of an app push or a user count; each item narrows the target users. */
        Condition: components["schemas"]["ConditionItem"][];
        /** @description Counts the users matching conditions. Whether `condition` is required is not specified by the description. */
        QueryUserCountRequest: {
            condition?: components["schemas"]["Condition"];
        };
        /** @description Answer of query_user_count. The ok shape or the failure shape, told apart by `result`. */
        UserCountResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /**
             * @description Number of users matching the conditions.
             * @example 3200
             */
            user_count: number;
        } | components["schemas"]["Failure"];
        /** @description Answer of query_bi_tags. The ok shape or the failure shape, told apart by `result`. */
        BiTagsResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /** @description Available bi tags. */
            tags: string[];
        } | components["schemas"]["Failure"];
        /**
         * @description Application key (`<APP_KEY>`).
         * @example YOUR_APP_KEY
         */
        AppKey: string;
        /**
         * @description Whether the message is kept for offline clients.
         * @example true
         */
        IsOffline: boolean;
        /**
         * @description Offline retention; used only with `is_offline`. The unit is not specified by the description (the public documentation of the service says milliseconds).
         * @example 7200000
         */
        OfflineExpireTime: number;
        /**
         * @description Appears only in the startactivity request of the description; its meaning is not specified there (the public documentation of the service says 0 any network, 1 wifi only).
         * @example 0
         */
        PushNetworkType: number;
        /**
         * message
         * @description The message envelope of a push. Only `msgtype` is required; whether the other envelope fields are required is not specified by the description.
         */
        Envelope: {
            /**
             * @description Application key (`<APP_KEY>`).
             * @example YOUR_APP_KEY
             */
            appkey?: string;
            /**
             * @description Whether the message is kept for offline clients.
             * @example true
             */
            is_offline?: boolean;
            /**
             * @description Offline retention; used only with `is_offline`. The unit is not specified by the description (the public documentation of the service says milliseconds).
             * @example 7200000
             */
            offline_expire_time?: number;
            /**
             * @description Appears only in the startactivity request of the description; its meaning is not specified there (the public documentation of the service says 0 any network, 1 wifi only).
             * @example 0
             */
            push_network_type?: number;
            /**
             * @description Template selector; names the one template object the request carries (each message variant fixes it).
             * @example notification
             */
            msgtype: string;
        };
        /**
         * @description Time in the form `yyyy-MM-dd HH:mm:ss`, in the service's time zone (none is named by the description; the sandbox uses the app's, UTC+08:00 by default).
         * @example 2030-01-01 08:00:00
         */
        DateTime: string;
        /** @description Matches a style whose big_style is `1` (large image). */
        BigStyleImage: {
            /**
             * @description Large image layout.
             * @constant
             * @enum {string}
             */
            big_style: "1";
        };
        /** @description Matches a style whose big_style is `2` (long text). */
        BigStyleText: {
            /**
             * @description Long text layout.
             * @constant
             * @enum {string}
             */
            big_style: "2";
        };
        /**
         * @description Content.
         * @example Your order has shipped
         */
        StyleText: string;
        /**
         * @description Title.
         * @example Order update
         */
        StyleTitle: string;
        /**
         * @description Icon name with extension, embedded in the client, such as `<name>.png`.
         * @example icon.png
         */
        StyleLogo: string;
        /**
         * @description Ring on receipt.
         * @default true
         * @example true
         */
        IsRing: boolean;
        /**
         * @description Vibrate on receipt.
         * @default true
         * @example true
         */
        IsVibrate: boolean;
        /**
         * @description Whether the notification can be cleared.
         * @default true
         * @example true
         */
        IsClearable: boolean;
        /**
         * @description A new message with the same notify_id replaces the earlier one on the device's notification bar. Its range is not specified by the description (an integer).
         * @example 1001
         */
        NotifyId: number;
        /**
         * @description Expanded layout: `1` large image (requires big_image_url), `2` long text (requires big_text).
         * @example 1
         * @enum {string}
         */
        BigStyle: "1" | "2";
        /**
         * @description Large image address; required when big_style is `1`.
         * @example https://example.com/big.png
         */
        BigImageUrl: string;
        /**
         * @description Long text; required when big_style is `2`.
         * @example Your order has shipped and arrives tomorrow.
         */
        BigText: string;
        /**
         * @description Notification channel id.
         * @default Default
         * @example Default
         */
        ChannelId: string;
        /**
         * @description Notification channel name.
         * @default Default
         * @example Default
         */
        ChannelName: string;
        /**
         * @description Channel importance, 0 to 4; it cannot be changed after it is set.
         *     0: no sound, no vibration, not shown (not recommended).
         *     1: no sound, no vibration, hidden on lock screen, collapsed in bar, no navigation icon.
         *     2: no sound, no vibration, shown on lock screen and in bar, does not wake the screen.
         *     3: sound and vibration, shown on lock screen and in bar, wakes the screen (recommended).
         *     4: sound and vibration, floating display when the screen is on, default display on lock screen, wakes the screen (recommended).
         * @example 3
         */
        ChannelLevel: number;
        /**
         * Style 0: system
         * @description System style (type 0). With big_style `1` big_image_url is required; with `2`, big_text.
         */
        StyleSystem: {
            /**
             * @description Style selector, `0` for the system style.
             * @constant
             * @enum {integer}
             */
            type: 0;
            /**
             * @description Content.
             * @example Your order has shipped
             */
            text: string;
            /**
             * @description Title.
             * @example Order update
             */
            title: string;
            /**
             * @description Icon name with extension, embedded in the client, such as `<name>.png`.
             * @example icon.png
             */
            logo: string;
            /**
             * @description Ring on receipt.
             * @default true
             * @example true
             */
            is_ring?: boolean;
            /**
             * @description Vibrate on receipt.
             * @default true
             * @example true
             */
            is_vibrate?: boolean;
            /**
             * @description Whether the notification can be cleared.
             * @default true
             * @example true
             */
            is_clearable?: boolean;
            /**
             * @description A new message with the same notify_id replaces the earlier one on the device's notification bar. Its range is not specified by the description (an integer).
             * @example 1001
             */
            notify_id?: number;
            /**
             * @description Expanded layout: `1` large image (requires big_image_url), `2` long text (requires big_text).
             * @example 1
             * @enum {string}
             */
            big_style?: "1" | "2";
            /**
             * @description Large image address; required when big_style is `1`.
             * @example https://example.com/big.png
             */
            big_image_url?: string;
            /**
             * @description Long text; required when big_style is `2`.
             * @example Your order has shipped and arrives tomorrow.
             */
            big_text?: string;
            /**
             * @description Notification channel id.
             * @default Default
             * @example Default
             */
            channelId?: string;
            /**
             * @description Notification channel name.
             * @default Default
             * @example Default
             */
            channelName?: string;
            /**
             * @description Channel importance, 0 to 4; it cannot be changed after it is set.
             *     0: no sound, no vibration, not shown (not recommended).
             *     1: no sound, no vibration, hidden on lock screen, collapsed in bar, no navigation icon.
             *     2: no sound, no vibration, shown on lock screen and in bar, does not wake the screen.
             *     3: sound and vibration, shown on lock screen and in bar, wakes the screen (recommended).
             *     4: sound and vibration, floating display when the screen is on, default display on lock screen, wakes the screen (recommended).
             * @example 3
             */
            channelLevel?: number;
        };
        /**
         * @description Icon address.
         * @example https://www.example.com/icon.png
         */
        StyleLogoUrl: string;
        /**
         * Style 1: vendor
         * @description Vendor style (type 1).
         */
        StyleVendor: {
            /**
             * @description Style selector, `1` for the vendor style.
             * @constant
             * @enum {integer}
             */
            type: 1;
            /**
             * @description Content.
             * @example Your order has shipped
             */
            text: string;
            /**
             * @description Title.
             * @example Order update
             */
            title: string;
            /**
             * @description Icon name with extension, embedded in the client, such as `<name>.png`.
             * @example icon.png
             */
            logo: string;
            /**
             * @description Icon address.
             * @example https://www.example.com/icon.png
             */
            logourl?: string;
            /**
             * @description Ring on receipt.
             * @default true
             * @example true
             */
            is_ring?: boolean;
            /**
             * @description Vibrate on receipt.
             * @default true
             * @example true
             */
            is_vibrate?: boolean;
            /**
             * @description Whether the notification can be cleared.
             * @default true
             * @example true
             */
            is_clearable?: boolean;
            /**
             * @description A new message with the same notify_id replaces the earlier one on the device's notification bar. Its range is not specified by the description (an integer).
             * @example 1001
             */
            notify_id?: number;
            /**
             * @description Notification channel id.
             * @default Default
             * @example Default
             */
            channelId?: string;
            /**
             * @description Notification channel name.
             * @default Default
             * @example Default
             */
            channelName?: string;
            /**
             * @description Channel importance, 0 to 4; it cannot be changed after it is set.
             *     0: no sound, no vibration, not shown (not recommended).
             *     1: no sound, no vibration, hidden on lock screen, collapsed in bar, no navigation icon.
             *     2: no sound, no vibration, shown on lock screen and in bar, does not wake the screen.
             *     3: sound and vibration, shown on lock screen and in bar, wakes the screen (recommended).
             *     4: sound and vibration, floating display when the screen is on, default display on lock screen, wakes the screen (recommended).
             * @example 3
             */
            channelLevel?: number;
        };
        /**
         * Style 4: background image
         * @description Background-image-only style (type 4).
         */
        StyleBanner: {
            /**
             * @description Style selector, `4` for the background-image-only style.
             * @constant
             * @enum {integer}
             */
            type: 4;
            /**
             * @description Background image address.
             * @example https://www.example.com/banner.png
             */
            banner_url: string;
            /**
             * @description Icon name with extension, embedded in the client, such as `<name>.png`.
             * @example icon.png
             */
            logo?: string;
            /**
             * @description Ring on receipt.
             * @default true
             * @example true
             */
            is_ring?: boolean;
            /**
             * @description Vibrate on receipt.
             * @default true
             * @example true
             */
            is_vibrate?: boolean;
            /**
             * @description Whether the notification can be cleared.
             * @default true
             * @example true
             */
            is_clearable?: boolean;
            /**
             * @description A new message with the same notify_id replaces the earlier one on the device's notification bar. Its range is not specified by the description (an integer).
             * @example 1001
             */
            notify_id?: number;
        };
        /**
         * Style 6: expanded
         * @description Expanded style (type 6). big_style `1` requires big_image_url (large image); `2` requires big_text (text plus long text).
         */
        StyleExpanded: {
            /**
             * @description Style selector, `6` for the expanded style.
             * @constant
             * @enum {integer}
             */
            type: 6;
            /**
             * @description Content.
             * @example Your order has shipped
             */
            text: string;
            /**
             * @description Title.
             * @example Order update
             */
            title: string;
            /**
             * @description Icon name with extension, embedded in the client, such as `<name>.png`.
             * @example icon.png
             */
            logo?: string;
            /**
             * @description Icon address.
             * @example https://www.example.com/icon.png
             */
            logourl?: string;
            /**
             * @description Small image address.
             * @example https://www.example.com/small.png
             */
            banner_url?: string;
            /**
             * @description Ring on receipt.
             * @default true
             * @example true
             */
            is_ring?: boolean;
            /**
             * @description Vibrate on receipt.
             * @default true
             * @example true
             */
            is_vibrate?: boolean;
            /**
             * @description Whether the notification can be cleared.
             * @default true
             * @example true
             */
            is_clearable?: boolean;
            /**
             * @description A new message with the same notify_id replaces the earlier one on the device's notification bar. Its range is not specified by the description (an integer).
             * @example 1001
             */
            notify_id?: number;
            /**
             * @description Expanded layout: `1` large image (requires big_image_url), `2` long text (requires big_text).
             * @example 1
             * @enum {string}
             */
            big_style: "1" | "2";
            /**
             * @description Large image address; required when big_style is `1`.
             * @example https://example.com/big.png
             */
            big_image_url?: string;
            /**
             * @description Long text; required when big_style is `2`.
             * @example Your order has shipped and arrives tomorrow.
             */
            big_text?: string;
            /**
             * @description Notification channel id.
             * @default Default
             * @example Default
             */
            channelId?: string;
            /**
             * @description Notification channel name.
             * @default Default
             * @example Default
             */
            channelName?: string;
            /**
             * @description Channel importance, 0 to 4; it cannot be changed after it is set.
             *     0: no sound, no vibration, not shown (not recommended).
             *     1: no sound, no vibration, hidden on lock screen, collapsed in bar, no navigation icon.
             *     2: no sound, no vibration, shown on lock screen and in bar, does not wake the screen.
             *     3: sound and vibration, shown on lock screen and in bar, wakes the screen (recommended).
             *     4: sound and vibration, floating display when the screen is on, default display on lock screen, wakes the screen (recommended).
             * @example 3
             */
            channelLevel?: number;
        };
        /**
         * @description Layout of the notification bar message. `type` selects one of four styles:
         *
         *     | type | style | required | optional |
         *     |---|---|---|---|
         *     | 0 | system | text, title, logo | big_style (`1` or `2`) with big_image_url / big_text, channelId, channelName, channelLevel |
         *     | 1 | vendor | text, title, logo | logourl, channelId, channelName, channelLevel |
         *     | 4 | background image only | banner_url | logo |
         *     | 6 | expanded | text, title, big_style, and big_image_url (big_style `1`) or big_text (big_style `2`) | logo, logourl, banner_url (small image), channelId, channelName, channelLevel |
         *
         *     Every style may carry is_ring, is_vibrate, is_clearable and notify_id.
         */
        Style: components["schemas"]["StyleSystem"] | components["schemas"]["StyleVendor"] | components["schemas"]["StyleBanner"] | components["schemas"]["StyleExpanded"];
        /** @description Template `notification`: a notification that opens the app on click. */
        NotificationTemplate: {
            /**
             * @description true: start the app immediately on receipt; false: broadcast and wait for the app to start.
             * @default false
             * @example false
             */
            transmission_type?: boolean;
            /**
             * @description Pass-through content.
             * @example order:1001
             */
            transmission_content?: string;
            /**
             * @description Display start, `yyyy-MM-dd HH:mm:ss`.
             * @example 2030-01-01 08:00:00
             */
            duration_begin?: string;
            /**
             * @description Display end, `yyyy-MM-dd HH:mm:ss`.
             * @example 2030-01-01 08:00:00
             */
            duration_end?: string;
            style: components["schemas"]["Style"];
        };
        /**
         * notification
         * @description Message with the `notification` template; `message.msgtype` is `notification` and no other template is carried.
         */
        NotificationMessage: {
            /** @description Message envelope of a `notification` message, with `msgtype` fixed to `notification`. */
            message: components["schemas"]["Envelope"] & {
                /**
                 * @description Template selector; `notification` here.
                 * @constant
                 * @enum {string}
                 */
                msgtype?: "notification";
            };
            notification: components["schemas"]["NotificationTemplate"];
            link?: never;
            notypopload?: never;
            startactivity?: never;
            transmission?: never;
        };
        /**
         * to a cid
         * @description Targets one client id; carries no alias.
         */
        CidTarget: {
            /**
             * @description Client id of an app installation. Format and length limits are not specified by the description.
             * @example CID_EXAMPLE_0001
             */
            cid: string;
            alias?: never;
        };
        /** @description The alert of the iOS notification. */
        Alert: {
            /**
             * @description Notification text.
             * @example Your order has shipped
             */
            body?: string;
            /**
             * @description Notification title.
             * @example Order update
             */
            title?: string;
            /**
             * @description Localization key for the action button.
             * @example VIEW
             */
            "action-loc-key"?: string;
            /**
             * @description Key in the localizable strings file.
             * @example ORDER_SHIPPED
             */
            "loc-key"?: string;
            /** @description Arguments for placeholders in loc-key. */
            "loc-args"?: string[];
            /**
             * @description Launch image name.
             * @example launch.png
             */
            "launch-image"?: string;
            /**
             * @description Title localization key (iOS 8.2+).
             * @example ORDER_TITLE
             */
            "title-loc-key"?: string;
            /** @description Title placeholder arguments (iOS 8.2+). */
            "title-loc-args"?: string[];
            /**
             * @description Subtitle (iOS 8.2+).
             * @example Arrives tomorrow
             */
            subtitle?: string;
            /**
             * @description Subtitle localization key (iOS 8.2+).
             * @example ORDER_SUBTITLE
             */
            "subtitle-loc-key"?: string;
            /** @description Subtitle placeholder arguments (iOS 8.2+). */
            "subtitle-loc-args"?: string[];
        };
        /** @description The `aps` dictionary of the iOS notification. */
        Aps: {
            alert?: components["schemas"]["Alert"];
            /**
             * @description Badge computation such as `+1`, `-1`, or a plain number; the result overrides badge.
             * @example +1
             */
            autoBadge?: string;
            /**
             * @description Sound file name. For silence the value is `com.<vendor>.ios.silence`.
             * @example default
             */
            sound?: string;
            /**
             * @description Set to carry pass-through data directly in the push.
             * @example 1
             */
            "content-available"?: number;
            /**
             * @description Triggers actions and buttons on the client.
             * @example ORDER
             */
            category?: string;
        };
        /** @description One rich media attachment. */
        Multimedia: {
            /**
             * @description Resource address.
             * @example https://www.example.com/picture.jpg
             */
            url: string;
            /**
             * @description Media type: 1 image, 2 audio, 3 video.
             * @example 1
             * @enum {integer}
             */
            type: 1 | 2 | 3;
            /**
             * @description When true and the device is not on wifi, a plain notification is shown.
             * @example false
             */
            only_wifi?: boolean;
        };
        /** @description Optional message for the Apple push notification service, used when the phone is iOS and offline. Sits next to the template in the request. */
        PushInfo: {
            aps?: components["schemas"]["Aps"];
            /**
             * @description Custom data.
             * @example {"orderId":"1001"}
             */
            payload?: string;
            /** @description Rich media attachments, at most 3. */
            multimedia?: components["schemas"]["Multimedia"][];
        };
        /**
         * @description Request-unique identifier: the description says "Requestid is a request-unique identifier" and no
         *     more. It does not say what the service does with a request repeated with the same requestid. The
         *     clients send the same requestid on every retry of a call, reading "request-unique" as what lets the
         *     service recognise a repeat; the sandbox answers a repeat as it answered the first request. Format and
         *     length limits are not specified by the description (the public documentation of the newer service
         *     version uses 10 to 32 characters).
         * @example req-0000000000000001
         */
        RequestId: string;
        /** @description Fields of a single push besides the message and the target. */
        PushSingleFields: {
            push_info?: components["schemas"]["PushInfo"];
            /**
             * @description Request-unique identifier: the description says "Requestid is a request-unique identifier" and no
             *     more. It does not say what the service does with a request repeated with the same requestid. The
             *     clients send the same requestid on every retry of a call, reading "request-unique" as what lets the
             *     service recognise a repeat; the sandbox answers a repeat as it answered the first request. Format and
             *     length limits are not specified by the description (the public documentation of the newer service
             *     version uses 10 to 32 characters).
             * @example req-0000000000000001
             */
            requestid: string;
        };
        /**
         * to an alias
         * @description Targets the client ids bound to an alias; carries no cid.
         */
        AliasTarget: {
            /**
             * @description Alias bound to one or more client ids (at most 10 cids per alias). Format and length limits are not specified.
             * @example alias-example-1
             */
            alias: string;
            cid?: never;
        };
        /** @description Template `link`: a notification that opens a web page on click. */
        LinkTemplate: {
            /**
             * @description Address to open.
             * @example https://www.example.com/offer
             */
            url: string;
            /**
             * @description Display start, `yyyy-MM-dd HH:mm:ss`.
             * @example 2030-01-01 08:00:00
             */
            duration_begin?: string;
            /**
             * @description Display end, `yyyy-MM-dd HH:mm:ss`.
             * @example 2030-01-01 08:00:00
             */
            duration_end?: string;
            style: components["schemas"]["Style"];
        };
        /**
         * link
         * @description Message with the `link` template; `message.msgtype` is `link` and no other template is carried.
         */
        LinkMessage: {
            /** @description Message envelope of a `link` message, with `msgtype` fixed to `link`. */
            message: components["schemas"]["Envelope"] & {
                /**
                 * @description Template selector; `link` here.
                 * @constant
                 * @enum {string}
                 */
                msgtype?: "link";
            };
            link: components["schemas"]["LinkTemplate"];
            notification?: never;
            notypopload?: never;
            startactivity?: never;
            transmission?: never;
        };
        /**
         * @description Template `notypopload`: a notification, then a download dialog. The description's field table does not
         *     list `style`, but says the request also carries a `style` object inside this template; it is required
         *     here as in the other notification templates.
         */
        NotypoploadTemplate: {
            /**
             * @description Notification bar icon.
             * @example icon.png
             */
            notyicon: string;
            /**
             * @description Notification title.
             * @example New version
             */
            notytitle: string;
            /**
             * @description Notification content.
             * @example Tap to download
             */
            notycontent: string;
            /**
             * @description Dialog title.
             * @example Download
             */
            poptitle: string;
            /**
             * @description Dialog content.
             * @example Download the new version?
             */
            popcontent: string;
            /**
             * @description Dialog icon.
             * @example pop.png
             */
            popimage: string;
            /**
             * @description Name of the left button.
             * @example Download
             */
            popbutton1: string;
            /**
             * @description Name of the right button.
             * @example Cancel
             */
            popbutton2: string;
            /**
             * @description Download icon.
             * @example load.png
             */
            loadicon?: string;
            /**
             * @description Download title.
             * @example Downloading
             */
            loadtitle?: string;
            /**
             * @description Address of the file to download.
             * @example https://example.com/app.apk
             */
            loadurl: string;
            /**
             * @description Install automatically.
             * @default false
             * @example true
             */
            is_autoinstall?: boolean;
            /**
             * @description Start the app after install.
             * @default false
             * @example true
             */
            is_actived?: boolean;
            /**
             * @description Android marker.
             * @example android
             */
            androidmark?: string;
            /**
             * @description Symbian marker.
             * @example symbian
             */
            symbianmark?: string;
            /**
             * @description iPhone marker.
             * @example iphone
             */
            iphonemark?: string;
            /**
             * @description Display start, `yyyy-MM-dd HH:mm:ss`.
             * @example 2030-01-01 08:00:00
             */
            duration_begin?: string;
            /**
             * @description Display end, `yyyy-MM-dd HH:mm:ss`.
             * @example 2030-01-01 08:00:00
             */
            duration_end?: string;
            style: components["schemas"]["Style"];
        };
        /**
         * notypopload
         * @description Message with the `notypopload` template; `message.msgtype` is `notypopload` and no other template is carried.
         */
        NotypoploadMessage: {
            /** @description Message envelope of a `notypopload` message, with `msgtype` fixed to `notypopload`. */
            message: components["schemas"]["Envelope"] & {
                /**
                 * @description Template selector; `notypopload` here.
                 * @constant
                 * @enum {string}
                 */
                msgtype?: "notypopload";
            };
            notypopload: components["schemas"]["NotypoploadTemplate"];
            notification?: never;
            link?: never;
            startactivity?: never;
            transmission?: never;
        };
        /** @description Template `startactivity`: a notification that opens an in-app page on click. */
        StartactivityTemplate: {
            /**
             * @description As in notification: true starts the app immediately on receipt.
             * @default false
             * @example false
             */
            transmission_type?: boolean;
            /**
             * @description Pass-through content.
             * @example order:1001
             */
            transmission_content?: string;
            /**
             * @description Display start, `yyyy-MM-dd HH:mm:ss`.
             * @example 2030-01-01 08:00:00
             */
            duration_begin?: string;
            /**
             * @description Display end, `yyyy-MM-dd HH:mm:ss`.
             * @example 2030-01-01 08:00:00
             */
            duration_end?: string;
            /**
             * @description Android intent, shorter than 1000 bytes, beginning with `intent:` and ending with `end`. Shape:
             *     `intent:#Intent;component=<package>/<activity_class>;S.<param>=<value>;end`.
             *     JSON Schema counts characters, not bytes: `maxLength` bounds the characters, and `x-max-bytes`
             *     states the byte limit of the UTF-8 text (a string of multi-byte characters can pass `maxLength`
             *     and still be too long).
             * @example intent:#Intent;component=com.example.app/.MainActivity;S.page=offer;end
             */
            intent: string;
            style: components["schemas"]["Style"];
        };
        /**
         * startactivity
         * @description Message with the `startactivity` template; `message.msgtype` is `startactivity` and no other template is carried.
         */
        StartactivityMessage: {
            /** @description Message envelope of a `startactivity` message, with `msgtype` fixed to `startactivity`. */
            message: components["schemas"]["Envelope"] & {
                /**
                 * @description Template selector; `startactivity` here.
                 * @constant
                 * @enum {string}
                 */
                msgtype?: "startactivity";
            };
            startactivity: components["schemas"]["StartactivityTemplate"];
            notification?: never;
            link?: never;
            notypopload?: never;
            transmission?: never;
        };
        /** @description Template `transmission` (pass-through): the client receives only the content and decides how to present it. Also used for iOS pushes. */
        TransmissionTemplate: {
            /**
             * @description As in notification: true starts the app immediately on receipt.
             * @default false
             * @example false
             */
            transmission_type?: boolean;
            /**
             * @description Pass-through content.
             * @example order:1001
             */
            transmission_content: string;
            /**
             * @description Display start, `yyyy-MM-dd HH:mm:ss`.
             * @example 2030-01-01 08:00:00
             */
            duration_begin?: string;
            /**
             * @description Display end, `yyyy-MM-dd HH:mm:ss`.
             * @example 2030-01-01 08:00:00
             */
            duration_end?: string;
        };
        /**
         * transmission
         * @description Message with the `transmission` template; `message.msgtype` is `transmission` and no other template is carried.
         */
        TransmissionMessage: {
            /** @description Message envelope of a `transmission` message, with `msgtype` fixed to `transmission`. */
            message: components["schemas"]["Envelope"] & {
                /**
                 * @description Template selector; `transmission` here.
                 * @constant
                 * @enum {string}
                 */
                msgtype?: "transmission";
            };
            transmission: components["schemas"]["TransmissionTemplate"];
            notification?: never;
            link?: never;
            notypopload?: never;
            startactivity?: never;
        };
        /**
         * @description A single push: the message envelope, exactly one template (named by `message.msgtype`), optional
         *     `push_info`, the target (`cid` or `alias`, exactly one of the two) and a `requestid`. Written as one
         *     variant per template and target, so that each variant lists all of its fields.
         */
        PushSingleRequest: (components["schemas"]["NotificationMessage"] & components["schemas"]["CidTarget"] & components["schemas"]["PushSingleFields"]) | (components["schemas"]["NotificationMessage"] & components["schemas"]["AliasTarget"] & components["schemas"]["PushSingleFields"]) | (components["schemas"]["LinkMessage"] & components["schemas"]["CidTarget"] & components["schemas"]["PushSingleFields"]) | (components["schemas"]["LinkMessage"] & components["schemas"]["AliasTarget"] & components["schemas"]["PushSingleFields"]) | (components["schemas"]["NotypoploadMessage"] & components["schemas"]["CidTarget"] & components["schemas"]["PushSingleFields"]) | (components["schemas"]["NotypoploadMessage"] & components["schemas"]["AliasTarget"] & components["schemas"]["PushSingleFields"]) | (components["schemas"]["StartactivityMessage"] & components["schemas"]["CidTarget"] & components["schemas"]["PushSingleFields"]) | (components["schemas"]["StartactivityMessage"] & components["schemas"]["AliasTarget"] & components["schemas"]["PushSingleFields"]) | (components["schemas"]["TransmissionMessage"] & components["schemas"]["CidTarget"] & components["schemas"]["PushSingleFields"]) | (components["schemas"]["TransmissionMessage"] & components["schemas"]["AliasTarget"] & components["schemas"]["PushSingleFields"]);
        /**
         * @description `successed_offline` delivered as offline message, `successed_online` delivered online, `successed_ignore` inactive user, not delivered.
         * @example successed_online
         * @enum {string}
         */
        DeliveryStatus: "successed_offline" | "successed_online" | "successed_ignore";
        /** @description Answer of push_single. The ok shape or the failure shape, told apart by `result`. */
        PushSingleResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /**
             * @description Task id. Ids carry a prefix by kind: `RASS_` single or batch push, `RASL_` saved list body,
             *     `RASA_` app push, followed by `<mmdd>_<hex>`. Format and length limits beyond that: not specified.
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskid: string;
            /**
             * @description `successed_offline` delivered as offline message, `successed_online` delivered online, `successed_ignore` inactive user, not delivered.
             * @example successed_online
             * @enum {string}
             */
            status?: "successed_offline" | "successed_online" | "successed_ignore";
        } | components["schemas"]["Failure"];
        /** @description The message envelope and exactly one template object, named as `message.msgtype` says. */
        TemplatedMessage: components["schemas"]["NotificationMessage"] | components["schemas"]["LinkMessage"] | components["schemas"]["NotypoploadMessage"] | components["schemas"]["StartactivityMessage"] | components["schemas"]["TransmissionMessage"];
        /** @description The message of a list push, saved for push_list; returns the taskid that push_list uses. */
        SaveListBodyRequest: components["schemas"]["TemplatedMessage"] & {
            push_info?: components["schemas"]["PushInfo"];
            /**
             * @description Task name chosen by the caller; several tasks may share one name. Query results per name with get_push_result_by_group_name. Format and length limits are not specified.
             * @example spring-campaign
             */
            task_name?: string;
        };
        /** @description Answer of an operation that creates or acts on a task. The ok shape or the failure shape, told apart by `result`. */
        TaskResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /**
             * @description Task id. Ids carry a prefix by kind: `RASS_` single or batch push, `RASL_` saved list body,
             *     `RASA_` app push, followed by `<mmdd>_<hex>`. Format and length limits beyond that: not specified.
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskid: string;
        } | components["schemas"]["Failure"];
        /**
         * @description Whether to return the per-target status.
         * @default false
         * @example true
         */
        NeedDetail: boolean;
        /**
         * @description Sends a saved list body (its `taskid`) to a list of cids or a list of aliases. One of the two is
         *     required; when both are present, `cid` wins and `alias` is ignored.
         */
        PushListRequest: {
            /** @description Client ids to push to. */
            cid: string[];
            /** @description Ignored when cid is present. */
            alias?: string[];
            /**
             * @description Task id returned by save_list_body.
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskid: string;
            /**
             * @description Whether to return the status of every cid in `cid_details`.
             * @default false
             * @example true
             */
            need_detail?: boolean;
        } | {
            /** @description Aliases to push to. */
            alias: string[];
            /**
             * @description Task id returned by save_list_body.
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskid: string;
            /**
             * @description Whether to return the status of every cid in `cid_details`.
             * @default false
             * @example true
             */
            need_detail?: boolean;
            cid?: never;
        };
        /** @description Answer of push_list. A cid reported as `no_user` in `cid_details` is an answer, not a failure of the call. The ok shape or the failure shape, told apart by `result`. */
        PushListResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /**
             * @description Task id. Ids carry a prefix by kind: `RASS_` single or batch push, `RASL_` saved list body,
             *     `RASA_` app push, followed by `<mmdd>_<hex>`. Format and length limits beyond that: not specified.
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskid: string;
            /** @description With need_detail, the status of every cid, keyed by cid. */
            cid_details?: {
                [key: string]: "successed_offline" | "successed_online" | "successed_ignore" | "no_user";
            };
            /** @description Per-alias detail, keyed by alias. The shape of its values is not specified by the description. */
            alias_details?: {
                [key: string]: unknown;
            };
        } | components["schemas"]["Failure"];
        /**
         * @description Scheduled dispatch time, 12 digits in the form `yyyyMMddHHmm`, in the service's time zone (none is named by the description; the sandbox uses the app's, UTC+08:00 by default). See **Times** in the API's description.
         * @example 203001010800
         */
        PushTime: string;
        /**
         * @description A push to all clients of the app, filtered by `condition`. With `pushTime` it is a scheduled push,
         *     which must first be enabled for the application.
         */
        PushAppRequest: components["schemas"]["TemplatedMessage"] & {
            push_info?: components["schemas"]["PushInfo"];
            condition?: components["schemas"]["Condition"];
            /**
             * @description Request-unique identifier: the description says "Requestid is a request-unique identifier" and no
             *     more. It does not say what the service does with a request repeated with the same requestid. The
             *     clients send the same requestid on every retry of a call, reading "request-unique" as what lets the
             *     service recognise a repeat; the sandbox answers a repeat as it answered the first request. Format and
             *     length limits are not specified by the description (the public documentation of the newer service
             *     version uses 10 to 32 characters).
             * @example req-0000000000000001
             */
            requestid: string;
            /** @description Sending speed. Its meaning and unit are not specified by the description. */
            speed?: number;
            /**
             * @description Task name chosen by the caller; several tasks may share one name. Query results per name with get_push_result_by_group_name. Format and length limits are not specified.
             * @example spring-campaign
             */
            task_name?: string;
            /**
             * @description Start of the task's validity, `yyyy-MM-dd HH:mm:ss`.
             * @example 2030-01-01 08:00:00
             */
            duration_begin?: string;
            /**
             * @description End of the task's validity, `yyyy-MM-dd HH:mm:ss`.
             * @example 2030-01-01 08:00:00
             */
            duration_end?: string;
            /**
             * @description Present only in a scheduled push; 12 digits `yyyyMMddHHmm`.
             * @example 203001010800
             */
            pushTime?: string;
        };
        /** @description Fields of a batch item besides the message and the target. */
        BatchItemFields: {
            /**
             * @description Request-unique identifier: the description says "Requestid is a request-unique identifier" and no
             *     more. It does not say what the service does with a request repeated with the same requestid. The
             *     clients send the same requestid on every retry of a call, reading "request-unique" as what lets the
             *     service recognise a repeat; the sandbox answers a repeat as it answered the first request. Format and
             *     length limits are not specified by the description (the public documentation of the newer service
             *     version uses 10 to 32 characters).
             * @example req-0000000000000001
             */
            requestid: string;
        };
        /**
         * @description One message of a batch single push, with its own template (named by `message.msgtype`), target
         *     (`cid` or `alias`, exactly one of the two) and requestid. Written as one variant per template and
         *     target, so that each variant lists all of its fields.
         */
        PushSingleBatchItem: (components["schemas"]["NotificationMessage"] & components["schemas"]["CidTarget"] & components["schemas"]["BatchItemFields"]) | (components["schemas"]["NotificationMessage"] & components["schemas"]["AliasTarget"] & components["schemas"]["BatchItemFields"]) | (components["schemas"]["LinkMessage"] & components["schemas"]["CidTarget"] & components["schemas"]["BatchItemFields"]) | (components["schemas"]["LinkMessage"] & components["schemas"]["AliasTarget"] & components["schemas"]["BatchItemFields"]) | (components["schemas"]["NotypoploadMessage"] & components["schemas"]["CidTarget"] & components["schemas"]["BatchItemFields"]) | (components["schemas"]["NotypoploadMessage"] & components["schemas"]["AliasTarget"] & components["schemas"]["BatchItemFields"]) | (components["schemas"]["StartactivityMessage"] & components["schemas"]["CidTarget"] & components["schemas"]["BatchItemFields"]) | (components["schemas"]["StartactivityMessage"] & components["schemas"]["AliasTarget"] & components["schemas"]["BatchItemFields"]) | (components["schemas"]["TransmissionMessage"] & components["schemas"]["CidTarget"] & components["schemas"]["BatchItemFields"]) | (components["schemas"]["TransmissionMessage"] & components["schemas"]["AliasTarget"] & components["schemas"]["BatchItemFields"]);
        /** @description Several single pushes, each with a message of its own. */
        PushSingleBatchRequest: {
            /** @description The messages, one item per target. */
            msg_list: components["schemas"]["PushSingleBatchItem"][];
            /**
             * @description Whether to return the per-target status.
             * @default false
             * @example true
             */
            need_detail?: boolean;
        };
        /** @description Answer of push_single_batch. The per-message detail returned when need_detail is true is not specified by the description; it is not modelled. The ok shape or the failure shape, told apart by `result`. */
        PushSingleBatchResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            /**
             * @description Task id. Ids carry a prefix by kind: `RASS_` single or batch push, `RASL_` saved list body,
             *     `RASA_` app push, followed by `<mmdd>_<hex>`. Format and length limits beyond that: not specified.
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskid: string;
        } | components["schemas"]["Failure"];
        /** @description Names one scheduled task. */
        TaskIdRequest: {
            /**
             * @description Task id. Ids carry a prefix by kind: `RASS_` single or batch push, `RASL_` saved list body,
             *     `RASA_` app push, followed by `<mmdd>_<hex>`. Format and length limits beyond that: not specified.
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskid: string;
        };
        /** @description Detail of a scheduled task. */
        ScheduleTaskDetail: {
            /**
             * @description Creation time, as timestamp text.
             * @example 1768435200000
             */
            creatTime?: string;
            /**
             * @description Task state. One value is known, `send_failed`; the full set is not specified by the description.
             * @example send_failed
             */
            sendResult?: string;
            /**
             * @description The transmission content.
             * @example order:1001
             */
            pushContent?: string;
            /**
             * @description Scheduled dispatch time.
             * @example 202601151200
             */
            pushTime?: string;
            /**
             * @description Description of the task.
             * @example spring-campaign
             */
            desc?: string;
            /**
             * @description Task status. Its values are not specified by the description.
             * @example 0
             */
            status?: number;
        };
        /** @description Answer of get_schedule_task. The ok shape or the failure shape, told apart by `result`. */
        ScheduleTaskResponse: {
            /**
             * @description `ok`: the call succeeded ("Every response has `result` (String, `ok` on success)").
             * @example ok
             * @constant
             * @enum {string}
             */
            result: "ok";
            /**
             * @description Not expected on success; the description gives `desc` on failure.
             * @example authtoken is not valid
             */
            desc?: string;
            taskDetail: components["schemas"]["ScheduleTaskDetail"];
            /**
             * @description Task id. Ids carry a prefix by kind: `RASS_` single or batch push, `RASL_` saved list body,
             *     `RASA_` app push, followed by `<mmdd>_<hex>`. Format and length limits beyond that: not specified.
             * @example RASS_0101_0123456789abcdef0123456789abcdef
             */
            taskId: string;
        } | components["schemas"]["Failure"];
    };
    responses: {
        /** @description The outcome; `desc` describes a failure. */
        Result: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ResultResponse"];
            };
        };
        /** @description The outcome; `desc` describes a failure. Rate controlled: `too_frequent` when the call comes too soon. */
        RateControlledResult: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ResultResponse"];
            };
        };
    };
    parameters: {
        /**
         * @description The alias.
         * @example alias-example-1
         */
        AliasPath: string;
        /**
         * @description The client id.
         * @example CID_EXAMPLE_0001
         */
        CidPath: string;
        /**
         * @description The day, `yyyy-MM-dd`. Only days other than today are supported.
         * @example 2030-01-01
         */
        UserDatePath: string;
        /**
         * @description The day, `yyyyMMdd` as in the description's path sample (the description gives no other format for this operation), in the service's time zone (the sandbox: the app's, UTC+08:00 by default).
         * @example 20300101
         */
        PushDatePath: string;
        /**
         * @description The task_name given at push time.
         * @example spring-campaign
         */
        GroupNamePath: string;
        /**
         * @description The task id.
         * @example RASA_0101_0123456789abcdef0123456789abcdef
         */
        TaskIdPath: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    authSign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AuthSignRequest"];
            };
        };
        responses: {
            /** @description The outcome; `auth_token` on success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthSignResponse"];
                };
            };
        };
    };
    authClose: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Result"];
        };
    };
    bindAlias: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BindAliasRequest"];
            };
        };
        responses: {
            200: components["responses"]["Result"];
        };
    };
    queryCid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The alias.
                 * @example alias-example-1
                 */
                alias: components["parameters"]["AliasPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome and the bound cids. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueryCidResponse"];
                };
            };
        };
    };
    queryAlias: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The client id.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome and the alias. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueryAliasResponse"];
                };
            };
        };
    };
    unbindAlias: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UnbindAliasRequest"];
            };
        };
        responses: {
            200: components["responses"]["Result"];
        };
    };
    unbindAliasAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UnbindAliasAllRequest"];
            };
        };
        responses: {
            200: components["responses"]["Result"];
        };
    };
    setTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetTagsRequest"];
            };
        };
        responses: {
            200: components["responses"]["RateControlledResult"];
        };
    };
    getTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The client id.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome and the tag list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetTagsResponse"];
                };
            };
        };
    };
    postUserBlkList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BlacklistRequest"];
            };
        };
        responses: {
            200: components["responses"]["Result"];
        };
    };
    deleteUserBlkList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BlacklistRequest"];
            };
        };
        responses: {
            200: components["responses"]["Result"];
        };
    };
    userStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The client id.
                 * @example CID_EXAMPLE_0001
                 */
                cid: components["parameters"]["CidPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The status, or `no_user`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserStatusResponse"];
                };
            };
        };
    };
    pushResult: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushResultRequest"];
            };
        };
        responses: {
            /** @description The outcome and one item per task. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushResultResponse"];
                };
            };
        };
    };
    queryAppUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The day, `yyyy-MM-dd`. Only days other than today are supported.
                 * @example 2030-01-01
                 */
                date: components["parameters"]["UserDatePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome and the day's user data. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueryAppUserResponse"];
                };
            };
        };
    };
    queryAppPush: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The day, `yyyyMMdd` as in the description's path sample (the description gives no other format for this operation), in the service's time zone (the sandbox: the app's, UTC+08:00 by default).
                 * @example 20300101
                 */
                date: components["parameters"]["PushDatePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome and the day's push data. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueryAppPushResponse"];
                };
            };
        };
    };
    setBadge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetBadgeRequest"];
            };
        };
        responses: {
            200: components["responses"]["Result"];
        };
    };
    getPushResultByGroupName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The task_name given at push time.
                 * @example spring-campaign
                 */
                groupName: components["parameters"]["GroupNamePath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome and the totals. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupResultResponse"];
                };
            };
        };
    };
    getLast24hoursOnlineUserStatistics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome and the online counts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnlineStatisticsResponse"];
                };
            };
        };
    };
    queryUserCount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QueryUserCountRequest"];
            };
        };
        responses: {
            /** @description The outcome and the count. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserCountResponse"];
                };
            };
        };
    };
    queryBiTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome and the tags. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BiTagsResponse"];
                };
            };
        };
    };
    pushSingle: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushSingleRequest"];
            };
        };
        responses: {
            /** @description The outcome, the task id and the delivery state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushSingleResponse"];
                };
            };
        };
    };
    saveListBody: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SaveListBodyRequest"];
            };
        };
        responses: {
            /** @description The outcome and the task id to give push_list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskResponse"];
                };
            };
        };
    };
    pushList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushListRequest"];
            };
        };
        responses: {
            /** @description The outcome, with per-cid detail when asked for. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushListResponse"];
                };
            };
        };
    };
    pushApp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushAppRequest"];
            };
        };
        responses: {
            /** @description The outcome and the task id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskResponse"];
                };
            };
        };
    };
    stopTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The task id.
                 * @example RASA_0101_0123456789abcdef0123456789abcdef
                 */
                taskid: components["parameters"]["TaskIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome and the task id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskResponse"];
                };
            };
        };
    };
    pushSingleBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PushSingleBatchRequest"];
            };
        };
        responses: {
            /** @description The outcome and the task id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PushSingleBatchResponse"];
                };
            };
        };
    };
    getScheduleTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskIdRequest"];
            };
        };
        responses: {
            /** @description The outcome and the task detail. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScheduleTaskResponse"];
                };
            };
        };
    };
    delScheduleTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskIdRequest"];
            };
        };
        responses: {
            200: components["responses"]["Result"];
        };
    };
}
