// Generated from openapi/push-v1 (bundle: openapi/dist/push-v1.json).
// Do not edit: run `pnpm run generate` in this package.

import type { Args, Data, Init, Path } from '../call-types.js';

/** The GET operations: `client.GET(path, init)` resolves with the answer's JSON, or throws a typed error. */
export interface GetCalls {
  /**
   * List the clients of an alias
   *
   * Returns the cids bound to the alias.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/query_cid/{alias}', init: Init<'/query_cid/{alias}', 'get'>): Promise<Data<'/query_cid/{alias}', 'get'>>;
  /**
   * Get the alias of a client
   *
   * Returns the alias bound to the cid.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/query_alias/{cid}', init: Init<'/query_alias/{cid}', 'get'>): Promise<Data<'/query_alias/{cid}', 'get'>>;
  /**
   * Get the tags of a client
   *
   * Returns the tag list of the cid.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/get_tags/{cid}', init: Init<'/get_tags/{cid}', 'get'>): Promise<Data<'/get_tags/{cid}', 'get'>>;
  /**
   * Get the status of a client
   *
   * Returns whether the client is online and when it last logged in. For an invalid user `result` is `no_user`; that is an answer, not a failure.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/user_status/{cid}', init: Init<'/user_status/{cid}', 'get'>): Promise<Data<'/user_status/{cid}', 'get'>>;
  /**
   * Get the user data of a day
   *
   * Returns the user counts of one day. Only days other than today are supported; the service refuses the current day.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/query_app_user/{date}', init: Init<'/query_app_user/{date}', 'get'>): Promise<Data<'/query_app_user/{date}', 'get'>>;
  /**
   * Get the push data of a day
   *
   * Returns the push counts of one day.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/query_app_push/{date}', init: Init<'/query_app_push/{date}', 'get'>): Promise<Data<'/query_app_push/{date}', 'get'>>;
  /**
   * Get the totals of a task name
   *
   * Returns the totals of every task pushed with this task_name.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/get_push_result_by_group_name/{groupName}', init: Init<'/get_push_result_by_group_name/{groupName}', 'get'>): Promise<Data<'/get_push_result_by_group_name/{groupName}', 'get'>>;
  /**
   * Get online counts of the last 24 hours
   *
   * Returns the online count at every time point of the last 24 hours, one point every ten minutes (six per hour).
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/get_last_24hours_online_User_statistics', init?: Init<'/get_last_24hours_online_User_statistics', 'get'>): Promise<Data<'/get_last_24hours_online_User_statistics', 'get'>>;
  /**
   * List the available bi tags
   *
   * Returns the bi tags that conditions may use.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/query_bi_tags', init?: Init<'/query_bi_tags', 'get'>): Promise<Data<'/query_bi_tags', 'get'>>;
  /**
   * Any GET operation of the document.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  <P extends Path<'get'>>(path: P, ...init: Args<P, 'get'>): Promise<Data<P, 'get'>>;
}

/** The POST operations: `client.POST(path, init)` resolves with the answer's JSON, or throws a typed error. */
export interface PostCalls {
  /**
   * Sign in and get an auth token
   *
   * Exchanges a signature for an `auth_token`. The signature is
   * `sign = sha256(appkey + timestamp + mastersecret)` in hexadecimal, where `timestamp` is the current
   * time in milliseconds as a string (sent in the body too) and `mastersecret` is generated when the
   * application is registered. The master secret itself is never sent.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/auth_sign', init: Init<'/auth_sign', 'post'>): Promise<Data<'/auth_sign', 'post'>>;
  /**
   * Invalidate the auth token
   *
   * Invalidates the token sent in header `authtoken`, so that nobody else can misuse it. No request body.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/auth_close', init?: Init<'/auth_close', 'post'>): Promise<Data<'/auth_close', 'post'>>;
  /**
   * Bind aliases to clients
   *
   * Binds each cid to an alias. One cid has at most one alias: binding an already bound cid to a new
   * alias unbinds the earlier alias. One alias has several cids, at most 10; the service enforces
   * that limit across requests, so no schema can check it.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/bind_alias', init: Init<'/bind_alias', 'post'>): Promise<Data<'/bind_alias', 'post'>>;
  /**
   * Unbind one client from an alias
   *
   * Removes the binding of one cid to the alias.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/unbind_alias', init: Init<'/unbind_alias', 'post'>): Promise<Data<'/unbind_alias', 'post'>>;
  /**
   * Unbind every client from an alias
   *
   * Removes every binding of the alias.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/unbind_alias_all', init: Init<'/unbind_alias_all', 'post'>): Promise<Data<'/unbind_alias_all', 'post'>>;
  /**
   * Set the tags of a client
   *
   * Sets the tag list of one cid. Rate controlled: the service refuses calls above its frequency
   * limit (result `too_frequent`); the numeric limit is not specified.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/set_tags', init: Init<'/set_tags', 'post'>): Promise<Data<'/set_tags', 'post'>>;
  /**
   * Add clients to the blacklist
   *
   * Adds the cids to the blacklist. Blacklisted clients are filtered out of pushes.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/user_blk_list', init: Init<'/user_blk_list', 'post'>): Promise<Data<'/user_blk_list', 'post'>>;
  /**
   * Get the push results of tasks
   *
   * Returns delivery results per task. The list of task ids may be spelled `taskIdList` or `taskidlist`.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/push_result', init: Init<'/push_result', 'post'>): Promise<Data<'/push_result', 'post'>>;
  /**
   * Set the iOS badge number
   *
   * Sets the application badge number of iOS clients, given by cid or by device token. iOS only.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/set_badge', init: Init<'/set_badge', 'post'>): Promise<Data<'/set_badge', 'post'>>;
  /**
   * Count the users matching conditions
   *
   * Returns the number of users matching the conditions (same shape as the app push `condition`).
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/query_user_count', init: Init<'/query_user_count', 'post'>): Promise<Data<'/query_user_count', 'post'>>;
  /**
   * Push a message to one client
   *
   * Sends one message to one client, named by `cid` or by `alias` (exactly one of the two). The
   * message uses exactly one template, named by `message.msgtype`. `requestid` identifies the request
   * (request-unique; what the service does with a repeated one is not stated, see `requestid`). `status` reports how the message was delivered.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/push_single', init: Init<'/push_single', 'post'>): Promise<Data<'/push_single', 'post'>>;
  /**
   * Save the message of a list push
   *
   * Saves a message (envelope and exactly one template) for push_list and returns its `taskid`.
   * Several tasks may share one `task_name`. Rate controlled: the service refuses calls above its
   * frequency limit (result `too_frequent`); the numeric limit is not specified.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/save_list_body', init: Init<'/save_list_body', 'post'>): Promise<Data<'/save_list_body', 'post'>>;
  /**
   * Push a saved message to a list of clients
   *
   * Sends the message saved by save_list_body (its `taskid`) to a list of cids or of aliases. One of
   * the two lists is required; when both are present, `cid` wins and `alias` is ignored. With
   * `need_detail`, `cid_details` reports every cid; a cid reported as `no_user` is an answer, not a
   * failure of the call. Rate controlled: the service refuses calls above its frequency limit
   * (result `too_frequent`); the numeric limit is not specified.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/push_list', init: Init<'/push_list', 'post'>): Promise<Data<'/push_list', 'post'>>;
  /**
   * Push a message to all clients of the app, now or at a set time
   *
   * Sends one message to every client of the app, filtered by `condition`.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/push_app', init: Init<'/push_app', 'post'>): Promise<Data<'/push_app', 'post'>>;
  /**
   * Push a different message to each of many clients
   *
   * Sends several single pushes in one call. Every item has its own message, exactly one template,
   * a target (`cid` or `alias`, one of the two) and a `requestid`. The per-message detail returned
   * when `need_detail` is true is not specified by the description.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/push_single_batch', init: Init<'/push_single_batch', 'post'>): Promise<Data<'/push_single_batch', 'post'>>;
  /**
   * Get a scheduled task
   *
   * Returns the detail of a scheduled push task.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/get_schedule_task', init: Init<'/get_schedule_task', 'post'>): Promise<Data<'/get_schedule_task', 'post'>>;
  /**
   * Delete a scheduled task
   *
   * Deletes a scheduled task that has not been sent yet. A task less than one minute from its dispatch
   * cannot be deleted, which means that its dispatch cannot be stopped.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/del_schedule_task', init: Init<'/del_schedule_task', 'post'>): Promise<Data<'/del_schedule_task', 'post'>>;
  /**
   * Any POST operation of the document.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  <P extends Path<'post'>>(path: P, ...init: Args<P, 'post'>): Promise<Data<P, 'post'>>;
}

/** The DELETE operations: `client.DELETE(path, init)` resolves with the answer's JSON, or throws a typed error. */
export interface DeleteCalls {
  /**
   * Remove clients from the blacklist
   *
   * Removes the cids from the blacklist. This DELETE carries a JSON body.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/user_blk_list', init: Init<'/user_blk_list', 'delete'>): Promise<Data<'/user_blk_list', 'delete'>>;
  /**
   * Stop a task
   *
   * Stops a message that is still within its validity period. No request body.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  (path: '/stop_task/{taskid}', init: Init<'/stop_task/{taskid}', 'delete'>): Promise<Data<'/stop_task/{taskid}', 'delete'>>;
  /**
   * Any DELETE operation of the document.
   *
   * @deprecated The service marks this operation deprecated; use the V2 REST interface instead (push v1 is no longer maintained).
   */
  <P extends Path<'delete'>>(path: P, ...init: Args<P, 'delete'>): Promise<Data<P, 'delete'>>;
}
