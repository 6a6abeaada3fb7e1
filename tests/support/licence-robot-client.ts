import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A robot's licence check, line for line as integrations/mql/TradeBotLicense.mqh does it: the
 * same functions in the same order, with the same names, so that the API tests driving this
 * client also test the MQL code's logic (which cannot be compiled here). Where MQL calls the
 * terminal (AccountInfoInteger, WebRequest, TimeGMT, files), this client calls `RobotTerminal`,
 * which a test gives it: an account, a clock it moves, a network it may tamper with, a folder.
 * Only the `await`s differ: MQL's WebRequest blocks.
 */

/** Seconds between two checks while all is well (the .mqh's TBL_RECHECK_SECONDS). */
export const TBL_RECHECK_SECONDS = 4 * 3600;
/** Seconds before trying again after a failed check. */
export const TBL_RETRY_SECONDS = 10 * 60;
/** A clock this far behind the last good answer's arrival was set back: the answer no longer counts. */
export const TBL_CLOCK_TOLERANCE_SECONDS = 300;
export const TBL_TIMEOUT_MS = 10_000;
export const TBL_API_VERSION = 1;

export const TBL_OK = 1;
export const TBL_FAILED = 0;
export const TBL_REFUSED = -1;

/** What the MetaTrader terminal gives the .mqh; a test's stand-in for it. */
export interface RobotTerminal {
  /** AccountInfoInteger(ACCOUNT_LOGIN) */
  login: number;
  /** AccountInfoString(ACCOUNT_SERVER) */
  server: string;
  /** AccountInfoInteger(ACCOUNT_TRADE_MODE) == ACCOUNT_TRADE_MODE_REAL */
  real: boolean;
  /** __MQL5__ or __MQL4__ */
  platform: 'MT5' | 'MT4';
  /** MQLInfoInteger(MQL_TESTER) */
  tester: boolean;
  /** TimeGMT(): Unix seconds. */
  now(): number;
  /** WebRequest(): the HTTP status, or -1 when the request could not be made. */
  webRequest(method: string, url: string, headers: string, timeoutMs: number, data: string): Promise<WebAnswer>;
  /** The terminal's MQL5/Files folder. */
  filesFolder: string;
}

export interface WebAnswer {
  status: number;
  body: string;
  /** GetLastError() after a failed WebRequest (4014, 4060, 5203, …). */
  error?: number;
}

export class TradeBotLicense {
  private m_url = '';
  private m_robot_id = '';
  private m_secret = '';
  private m_key = '';
  private m_version = '';
  private m_file = '';
  private m_loaded = false;
  private m_next_check = 0;
  private m_refused = false;
  private m_state = 'none';
  private m_last_error = '';
  private m_counter = 0;
  // The last good answer.
  private m_payload = '';
  private m_hmac = '';
  private m_nonce = '';
  private m_received_at = 0;
  private m_clock_offset = 0;
  private m_lease_until = 0;
  private m_grace_until = 0;
  private m_expires_at = 0;
  private m_latest_version = '';

  constructor(private readonly terminal: RobotTerminal) {}

  /** `url` is the shop's licence API, e.g. https://shop.example.com/api/licenses. */
  Init(url: string, robotId: string, eaSecret: string, licenseKey: string, eaVersion: string): void {
    this.m_url = url;
    this.m_robot_id = robotId;
    this.m_secret = eaSecret;
    this.m_key = this.Clean(licenseKey);
    this.m_version = this.Clean(eaVersion);
    this.m_file = 'TradeBotLicense-' + robotId + '-' + this.AccountLogin() + '.txt';
    this.m_loaded = false;
    this.m_next_check = 0;
    // MathSrand(GetTickCount()) in MQL: Math.random needs no seed.
  }

  /** True while the robot may trade. Call it from OnInit and OnTimer; it asks the shop when due. */
  async Check(): Promise<boolean> {
    if (this.IsTester()) {
      this.m_state = 'tester';
      return true;
    }
    const now = this.Now();
    if (!this.m_loaded) {
      this.m_loaded = true;
      this.LoadLastGood();
    }
    if (now >= this.m_next_check) {
      let result = await this.Request('validate');
      if (result === TBL_REFUSED && this.m_last_error === 'not_activated') {
        // Not refused yet: this account has only to be activated.
        this.m_refused = false;
        result = await this.Request('activate');
      }
      this.m_next_check = now + (result === TBL_OK ? TBL_RECHECK_SECONDS : TBL_RETRY_SECONDS);
    }
    return this.IsAllowed(now);
  }

  /** tester, licensed, grace, lapsed, refused, clock_back or none. */
  State(): string {
    return this.m_state;
  }

  /** Why the last request did not give a good answer: a refusal code, or what went wrong. */
  LastError(): string {
    return this.m_last_error;
  }

  LatestVersion(): string {
    return this.m_latest_version;
  }

  ExpiresAt(): number {
    return this.m_expires_at;
  }

  /** One request to `activate` or `validate`: TBL_OK, TBL_FAILED (keep the last good answer) or TBL_REFUSED. */
  async Request(path: string): Promise<number> {
    const nonce = this.MakeNonce();
    const answer = await this.Post(path, this.BuildRequest(nonce));
    if (answer.status === 200) {
      if (!this.VerifyAnswer(answer.body, nonce)) return TBL_FAILED;
      this.m_refused = false;
      this.m_last_error = '';
      this.SaveLastGood();
      return TBL_OK;
    }
    const code = this.JsonString(answer.body, 'code');
    if (answer.status >= 400 && answer.status < 500 && this.IsRefusal(code)) {
      this.m_refused = true;
      this.m_last_error = code;
      this.ForgetLastGood();
      return TBL_REFUSED;
    }
    if (answer.status !== -1) this.m_last_error = code !== '' ? code : 'http_' + answer.status;
    return TBL_FAILED;
  }

  /** The refusals of docs/licence-api.md: the robot stops and forgets its last good answer. */
  IsRefusal(code: string): boolean {
    const refusals = [
      'unknown_key',
      'not_activated',
      'revoked',
      'expired',
      'refunded',
      'no_free_slot',
      'wrong_robot',
      'demo_only',
    ];
    for (let i = 0; i < refusals.length; i++) if (refusals[i] === code) return true;
    return false;
  }

  IsTester(): boolean {
    return this.terminal.tester;
  }

  AccountLogin(): string {
    return String(this.terminal.login);
  }

  AccountServer(): string {
    return this.Clean(this.terminal.server);
  }

  /** Contest accounts count as demo. */
  AccountMode(): string {
    return this.terminal.real ? 'real' : 'demo';
  }

  Platform(): string {
    return this.terminal.platform;
  }

  Now(): number {
    return this.terminal.now();
  }

  /** Quotes and backslashes would break the request's JSON; no key, server or version has them. */
  Clean(text: string): string {
    return text.replaceAll('"', '').replaceAll('\\', '');
  }

  /** 32 hex characters from the clocks, a counter and a random number: fresh for every request. */
  MakeNonce(): string {
    this.m_counter++;
    const seed =
      String(process.hrtime.bigint()) +
      '-' +
      String(Date.now()) +
      '-' +
      String(Math.floor(Math.random() * 32768)) +
      '-' +
      String(this.m_counter) +
      '-' +
      this.AccountLogin();
    return this.Hex(this.Sha256(Buffer.from(seed, 'utf8'))).slice(0, 32);
  }

  BuildRequest(nonce: string): string {
    return (
      '{"license_key":"' +
      this.m_key +
      '","robot_id":"' +
      this.m_robot_id +
      '","account_login":"' +
      this.AccountLogin() +
      '","account_server":"' +
      this.AccountServer() +
      '","account_mode":"' +
      this.AccountMode() +
      '","platform":"' +
      this.Platform() +
      '","ea_version":"' +
      this.m_version +
      '","nonce":"' +
      nonce +
      '"}'
    );
  }

  async Post(path: string, body: string): Promise<WebAnswer> {
    const answer = await this.terminal.webRequest(
      'POST',
      this.m_url + '/' + path,
      'Content-Type: application/json\r\n',
      TBL_TIMEOUT_MS,
      body,
    );
    if (answer.status === -1) {
      const error = answer.error ?? 0;
      // 4014 (MQL5) and 4060 (MQL4): the terminal does not allow this address yet.
      if (error === 4014 || error === 4060)
        this.Print(
          'TradeBotLicense: allow ' +
            this.m_url +
            " in Tools > Options > Expert Advisors > 'Allow WebRequest for listed URL', then restart the robot.",
        );
      this.m_last_error = 'webrequest_' + error;
    }
    return answer;
  }

  /** A 200 answer is good when its HMAC, version, robot, nonce, account and status are right. */
  VerifyAnswer(answer: string, nonce: string): boolean {
    const payload = this.JsonString(answer, 'payload');
    const hmac = this.JsonString(answer, 'hmac');
    if (payload === '' || hmac === '') {
      this.m_last_error = 'malformed_answer';
      return false;
    }
    return this.Accept(payload, hmac, nonce, this.Now());
  }

  Accept(payload: string, hmac: string, nonce: string, receivedAt: number): boolean {
    if (this.HmacSha256Hex(this.m_secret, payload) !== hmac.toLowerCase()) {
      this.m_last_error = 'bad_hmac';
      return false;
    }
    const json = this.Base64UrlDecode(payload);
    if (this.JsonInteger(json, 'v') !== TBL_API_VERSION) {
      this.m_last_error = 'bad_version';
      return false;
    }
    if (this.JsonString(json, 'robot_id') !== this.m_robot_id) {
      this.m_last_error = 'other_robot';
      return false;
    }
    if (this.JsonString(json, 'nonce') !== nonce) {
      this.m_last_error = 'wrong_nonce';
      return false;
    }
    if (
      this.JsonString(json, 'account_login') !== this.AccountLogin() ||
      this.JsonString(json, 'account_server') !== this.AccountServer()
    ) {
      this.m_last_error = 'other_account';
      return false;
    }
    if (this.JsonString(json, 'account_mode') !== this.AccountMode()) {
      this.m_last_error = 'other_mode';
      return false;
    }
    if (this.JsonString(json, 'status') !== 'active') {
      this.m_last_error = 'not_active';
      return false;
    }
    this.m_payload = payload;
    this.m_hmac = hmac;
    this.m_nonce = nonce;
    this.m_received_at = receivedAt;
    this.m_clock_offset = this.JsonInteger(json, 'server_time') - receivedAt;
    this.m_lease_until = this.JsonInteger(json, 'lease_until');
    this.m_grace_until = this.JsonInteger(json, 'grace_until');
    this.m_expires_at = this.JsonInteger(json, 'expires_at');
    this.m_latest_version = this.JsonString(json, 'latest_version');
    return true;
  }

  /** Within the lease, or within the grace when the shop cannot be reached; times on the shop's clock. */
  IsAllowed(now: number): boolean {
    if (this.m_refused) {
      this.m_state = 'refused';
      return false;
    }
    if (this.m_payload === '') {
      this.m_state = 'none';
      return false;
    }
    if (now < this.m_received_at - TBL_CLOCK_TOLERANCE_SECONDS) {
      this.m_state = 'clock_back';
      return false;
    }
    const serverNow = now + this.m_clock_offset;
    if (serverNow <= this.m_lease_until) {
      this.m_state = 'licensed';
      return true;
    }
    if (serverNow <= this.m_grace_until) {
      this.m_state = 'grace';
      return true;
    }
    this.m_state = 'lapsed';
    return false;
  }

  /** The last good answer, for the grace period after a restart: payload, HMAC, nonce, arrival. */
  SaveLastGood(): void {
    const text = this.m_payload + '\n' + this.m_hmac + '\n' + this.m_nonce + '\n' + String(this.m_received_at) + '\n';
    writeFileSync(path.join(this.terminal.filesFolder, this.m_file), text, 'latin1');
  }

  /** Reads the saved answer back and checks it again like a fresh one: an edited file counts for nothing. */
  LoadLastGood(): void {
    const file = path.join(this.terminal.filesFolder, this.m_file);
    if (!existsSync(file)) return;
    const [payload = '', hmac = '', nonce = '', receivedAt = '0'] = readFileSync(file, 'latin1').split('\n');
    if (!this.Accept(payload, hmac, nonce, Number.parseInt(receivedAt, 10) || 0)) this.m_payload = '';
  }

  ForgetLastGood(): void {
    this.m_payload = '';
    rmSync(path.join(this.terminal.filesFolder, this.m_file), { force: true });
  }

  /** HMAC (RFC 2104) built from SHA-256, as MQL must: it has SHA-256 but no HMAC. */
  HmacSha256Hex(key: string, message: string): string {
    let k = Buffer.from(key, 'latin1');
    if (k.length > 64) k = Buffer.from(this.Sha256(k));
    const inner = Buffer.alloc(64 + Buffer.byteLength(message, 'latin1'));
    const outer = Buffer.alloc(64 + 32);
    for (let i = 0; i < 64; i++) {
      const b = i < k.length ? k[i]! : 0;
      inner[i] = b ^ 0x36;
      outer[i] = b ^ 0x5c;
    }
    inner.write(message, 64, 'latin1');
    Buffer.from(this.Sha256(inner)).copy(outer, 64);
    return this.Hex(this.Sha256(outer));
  }

  Sha256(data: Uint8Array): Uint8Array {
    return createHash('sha256').update(data).digest();
  }

  Hex(bytes: Uint8Array): string {
    let text = '';
    for (let i = 0; i < bytes.length; i++) text += bytes[i]!.toString(16).padStart(2, '0');
    return text;
  }

  /** base64url to text: MQL's CryptDecode(CRYPT_BASE64) wants the standard alphabet and padding. */
  Base64UrlDecode(text: string): string {
    let b64 = text.replaceAll('-', '+').replaceAll('_', '/');
    while (b64.length % 4 !== 0) b64 += '=';
    return Buffer.from(b64, 'base64').toString('utf8');
  }

  /**
   * The string value of `"name":"…"`, or '' when absent or null. The payload's values never hold
   * quotes or backslashes (docs/licence-api.md), so the next quote ends the value.
   */
  JsonString(json: string, name: string): string {
    const at = json.indexOf('"' + name + '":');
    if (at < 0) return '';
    let start = at + name.length + 3;
    while (start < json.length && json.charAt(start) === ' ') start++;
    if (json.charAt(start) !== '"') return '';
    const end = json.indexOf('"', start + 1);
    if (end < 0) return '';
    return json.substring(start + 1, end);
  }

  /** The integer value of `"name":123`, or 0 when absent or null. */
  JsonInteger(json: string, name: string): number {
    const at = json.indexOf('"' + name + '":');
    if (at < 0) return 0;
    let start = at + name.length + 3;
    while (start < json.length && json.charAt(start) === ' ') start++;
    let end = start;
    while (end < json.length && '-0123456789'.includes(json.charAt(end))) end++;
    if (end === start) return 0;
    return Number.parseInt(json.substring(start, end), 10);
  }

  Print(text: string): void {
    this.printed.push(text);
  }

  /** What Print() wrote to the terminal's journal, for the tests. */
  readonly printed: string[] = [];
}
