// Generated from openapi/dmp (bundle: openapi/dist/dmp.json).
// Do not edit: run `pnpm run generate` in this package.

export interface paths {
    "/accesser/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an access token
         * @description Issues an access token to a registered third party. The caller has a `user_code` and an
         *     `auth_code` and computes, with the same `timestamp` it sends:
         *
         *     - `sign1 = MD5(user_code + MD5(timestamp))`
         *     - `sign2 = MD5(user_code + auth_code + MD5(timestamp))`
         *
         *     The service computes the same values and compares them. The token is valid for `expires_in`
         *     seconds, 7200 by default. Statuses other than 200 are not listed for this operation.
         */
        get: operations["getAccessToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tags/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the tags of a device
         * @description Returns the tag ids of a device, given hashed or raw device identifiers. The call is a query;
         *     it uses POST because of the number of parameters. Send header
         *     `Accept: application/vnd.dmp.v1+json` to name the interface version (recommended).
         */
        post: operations["getUserTags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/config/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the queryable tags
         * @description Returns every queryable tag with its name. The list changes rarely; clients should refresh it
         *     periodically. Send header `Accept: application/vnd.dmp.v1+json` to name the interface version
         *     (recommended).
         */
        get: operations["listTags"];
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
        /**
         * @description MD5 digest as 32 hexadecimal characters.
         * @example 0123456789abcdef0123456789abcdef
         */
        Md5Hex: string;
        /**
         * @description Status code of the answer; the String `0` on success.
         * @constant
         * @enum {string}
         */
        SuccessCode: "0";
        /** @description Answer of /accesser/auth. */
        AccessTokenResponse: {
            /**
             * @description Status code of the answer; the String `0` on success.
             * @constant
             * @enum {string}
             */
            code: "0";
            /**
             * @description Token to send as `Authorization: Bearer <ACCESS_TOKEN>` with every other request.
             * @example ACCESS_TOKEN_PLACEHOLDER
             */
            access_token: string;
            /**
             * Format: int64
             * @description Lifetime of the token in seconds; 7200 by default.
             * @default 7200
             * @example 7200
             */
            expires_in: number;
        };
        /**
         * @description Identifiers of one device, hashed or raw. Every field is optional; send those you have. MD5 values are
         *     32 hexadecimal characters. The description does not say which combinations are needed, nor what the
         *     service answers when no field is sent.
         */
        UserTagsRequest: {
            /**
             * @description 32-character MD5 of the Android device number (IMEI).
             * @example 0123456789abcdef0123456789abcdef
             */
            imeiMD5?: string;
            /**
             * @description MD5 of the MAC address, after removing colons and lowercasing.
             * @example 0123456789abcdef0123456789abcdef
             */
            macMD5?: string;
            /**
             * @description MD5 of the mobile subscriber identity (IMSI).
             * @example 0123456789abcdef0123456789abcdef
             */
            imsiMD5?: string;
            /**
             * @description 32-character MD5 of the phone number.
             * @example 0123456789abcdef0123456789abcdef
             */
            mb?: string;
            /**
             * @description Raw advertising id (IDFA) in uppercase.
             * @example 00000000-0000-0000-0000-000000000000
             */
            idfa?: string;
            /**
             * @description 32-character MD5 of idfa (the uppercase value).
             * @example 0123456789abcdef0123456789abcdef
             */
            idfaMD5?: string;
            /**
             * @description Raw oaid.
             * @example oaid-example
             */
            oaid?: string;
            /**
             * @description MD5 of oaid.
             * @example 0123456789abcdef0123456789abcdef
             */
            oaidMD5?: string;
            /**
             * @description Raw androidId.
             * @example android-id-example
             */
            androidId?: string;
            /**
             * @description MD5 of androidId.
             * @example 0123456789abcdef0123456789abcdef
             */
            androidIdMD5?: string;
        };
        /** @description Answer of /tags/user. */
        UserTagsResponse: {
            /**
             * @description Status code of the answer; the String `0` on success.
             * @constant
             * @enum {string}
             */
            code: "0";
            /** @description Tag ids of the device. */
            data: string[];
        };
        /**
         * @description Body of a 400, 401 or 403 answer. The description does not show it; the only field named here is
         *     `code`, which every answer of the service carries, and its error values are not specified.
         */
        ErrorBody: {
            /** @description Status code of the answer; its error values are not specified by the description. */
            code?: string;
        };
        /** @description One queryable tag. */
        Tag: {
            /**
             * @description Tag id, such as a number or a code.
             * @example 1001
             */
            tid: string;
            /**
             * @description Tag name.
             * @example Sports fans
             */
            tname: string;
        };
        /** @description Answer of /config/tags. */
        TagListResponse: {
            /**
             * @description Status code of the answer; the String `0` on success.
             * @constant
             * @enum {string}
             */
            code: "0";
            /** @description The queryable tags. */
            data: components["schemas"]["Tag"][];
        };
    };
    responses: {
        /** @description Error. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
                "application/vnd.dmp.v1+json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description No authorization, or the authorization expired: get a new access token. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
                "application/vnd.dmp.v1+json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description No authorization, or no permission. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
                "application/vnd.dmp.v1+json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: {
        /**
         * @description The third party's user code.
         * @example YOUR_USER_CODE
         */
        UserCode: string;
        /**
         * @description `MD5(user_code + MD5(timestamp))`, hexadecimal.
         * @example 0123456789abcdef0123456789abcdef
         */
        Sign1: string;
        /**
         * @description `MD5(user_code + auth_code + MD5(timestamp))`, hexadecimal. The auth code itself is never sent.
         * @example 0123456789abcdef0123456789abcdef
         */
        Sign2: string;
        /**
         * @description The timestamp used in both signs, sent unencrypted. Its unit is not specified by the description.
         * @example 1893456000000
         */
        Timestamp: number;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAccessToken: {
        parameters: {
            query: {
                /**
                 * @description The third party's user code.
                 * @example YOUR_USER_CODE
                 */
                user_code: components["parameters"]["UserCode"];
                /**
                 * @description `MD5(user_code + MD5(timestamp))`, hexadecimal.
                 * @example 0123456789abcdef0123456789abcdef
                 */
                sign1: components["parameters"]["Sign1"];
                /**
                 * @description `MD5(user_code + auth_code + MD5(timestamp))`, hexadecimal. The auth code itself is never sent.
                 * @example 0123456789abcdef0123456789abcdef
                 */
                sign2: components["parameters"]["Sign2"];
                /**
                 * @description The timestamp used in both signs, sent unencrypted. Its unit is not specified by the description.
                 * @example 1893456000000
                 */
                timestamp: components["parameters"]["Timestamp"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The access token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessTokenResponse"];
                    "application/vnd.dmp.v1+json": components["schemas"]["AccessTokenResponse"];
                };
            };
        };
    };
    getUserTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserTagsRequest"];
            };
        };
        responses: {
            /** @description The tag ids of the device. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTagsResponse"];
                    "application/vnd.dmp.v1+json": components["schemas"]["UserTagsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queryable tags. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagListResponse"];
                    "application/vnd.dmp.v1+json": components["schemas"]["TagListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
}
