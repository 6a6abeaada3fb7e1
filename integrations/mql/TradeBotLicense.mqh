//+------------------------------------------------------------------+
//|                                              TradeBotLicense.mqh |
//|   Licence check for robots sold through a TradeBot Store shop.  |
//|                 API and set-up: docs/licence-api.md of the shop. |
//+------------------------------------------------------------------+
//
// NOT COMPILED HERE. The shop's repository has no MetaEditor, so this file has never been
// compiled by its authors: compile it in MetaEditor (MQL5, or MQL4 build 600 and newer) before
// you rely on it, and report what the compiler says. It is kept a line-by-line twin of
// tests/support/licence-robot-client.ts (same functions, same names, same order), which the
// shop's API tests drive against the real server: a tampered payload, another account, a wrong
// nonce, an expired lease, the grace period by the clock, revocation and the other refusals.
// A change here is made there too, and the other way round.
//
// What it does:
// - reads the account with AccountInfoInteger / AccountInfoString;
// - asks the shop with WebRequest (and says how to allow the address on errors 4014 / 4060);
// - verifies the answer's HMAC-SHA256 with the robot's EA secret, built from CryptEncode's
//   SHA-256 (MQL has no HMAC), then the echoed nonce, the account, the robot and the status;
// - keeps the last good answer in a file (MQL5\Files or MQL4\Files) for the grace period;
// - does nothing in the Strategy Tester (backtests are free);
// - asks again every few hours (TBL_RECHECK_SECONDS).
//
// Use:
//   #include <TradeBotLicense.mqh>
//   input string InpLicenseKey = "";            // Licence key (TB-XXXXX-...)
//   CTradeBotLicense Licence;
//   int OnInit()
//     {
//      // From the robot's licence tab in the shop: the API address, the robot's id, its EA secret.
//      Licence.Init("https://shop.example.com/api/licenses", "<robot id>", "<EA secret>", InpLicenseKey, "1.0.0");
//      EventSetTimer(600);
//      if(!Licence.Check())
//         Print("Licence: ", Licence.State(), " ", Licence.LastError());
//      return(INIT_SUCCEEDED);
//     }
//   void OnTimer() { Licence.Check(); }
//   void OnTick()  { if(!Licence.Check()) return; /* trade */ }
//
// Check() is cheap between two checks: it reads no file and calls the shop only when due.
// In the terminal: Tools > Options > Expert Advisors > "Allow WebRequest for listed URL", add the
// shop's address (https://shop.example.com).
//+------------------------------------------------------------------+
#ifdef __MQL4__
#property strict
#endif

#define TBL_RECHECK_SECONDS          (4 * 3600)   // between two checks while all is well
#define TBL_RETRY_SECONDS            (10 * 60)    // before trying again after a failed check
#define TBL_CLOCK_TOLERANCE_SECONDS  300          // a clock this far behind the last answer was set back
#define TBL_TIMEOUT_MS               10000
#define TBL_API_VERSION              1

#define TBL_OK       1
#define TBL_FAILED   0
#define TBL_REFUSED  (-1)

//+------------------------------------------------------------------+
class CTradeBotLicense
  {
private:
   string            m_url;
   string            m_robot_id;
   string            m_secret;
   string            m_key;
   string            m_version;
   string            m_file;
   bool              m_loaded;
   long              m_next_check;
   bool              m_refused;
   string            m_state;
   string            m_last_error;
   int               m_counter;
   // The last good answer.
   string            m_payload;
   string            m_hmac;
   string            m_nonce;
   long              m_received_at;
   long              m_clock_offset;
   long              m_lease_until;
   long              m_grace_until;
   long              m_expires_at;
   string            m_latest_version;

public:
                     CTradeBotLicense(void)
     {
      m_loaded = false;
      m_next_check = 0;
      m_refused = false;
      m_state = "none";
      m_last_error = "";
      m_counter = 0;
      m_payload = "";
      m_hmac = "";
      m_nonce = "";
      m_received_at = 0;
      m_clock_offset = 0;
      m_lease_until = 0;
      m_grace_until = 0;
      m_expires_at = 0;
      m_latest_version = "";
     }

   // `url` is the shop's licence API, e.g. https://shop.example.com/api/licenses.
   void              Init(const string url, const string robot_id, const string ea_secret, const string license_key, const string ea_version)
     {
      m_url = url;
      m_robot_id = robot_id;
      m_secret = ea_secret;
      m_key = Clean(license_key);
      m_version = Clean(ea_version);
      m_file = "TradeBotLicense-" + robot_id + "-" + AccountLogin() + ".txt";
      m_loaded = false;
      m_next_check = 0;
      MathSrand((int)GetTickCount());
     }

   // True while the robot may trade. Call it from OnInit and OnTimer; it asks the shop when due.
   bool              Check(void)
     {
      if(IsTester())
        {
         m_state = "tester";
         return(true);
        }
      long now = Now();
      if(!m_loaded)
        {
         m_loaded = true;
         LoadLastGood();
        }
      if(now >= m_next_check)
        {
         int result = Request("validate");
         if(result == TBL_REFUSED && m_last_error == "not_activated")
           {
            // Not refused yet: this account has only to be activated.
            m_refused = false;
            result = Request("activate");
           }
         m_next_check = now + (result == TBL_OK ? TBL_RECHECK_SECONDS : TBL_RETRY_SECONDS);
        }
      return(IsAllowed(now));
     }

   // tester, licensed, grace, lapsed, refused, clock_back or none.
   string            State(void)
     {
      return(m_state);
     }

   // Why the last request did not give a good answer: a refusal code, or what went wrong.
   string            LastError(void)
     {
      return(m_last_error);
     }

   string            LatestVersion(void)
     {
      return(m_latest_version);
     }

   long              ExpiresAt(void)
     {
      return(m_expires_at);
     }

   // One request to "activate" or "validate": TBL_OK, TBL_FAILED (keep the last good answer) or TBL_REFUSED.
   int               Request(const string path)
     {
      string nonce = MakeNonce();
      string answer = "";
      int status = Post(path, BuildRequest(nonce), answer);
      if(status == 200)
        {
         if(!VerifyAnswer(answer, nonce))
            return(TBL_FAILED);
         m_refused = false;
         m_last_error = "";
         SaveLastGood();
         return(TBL_OK);
        }
      string code = JsonString(answer, "code");
      if(status >= 400 && status < 500 && IsRefusal(code))
        {
         m_refused = true;
         m_last_error = code;
         ForgetLastGood();
         return(TBL_REFUSED);
        }
      if(status != -1)
         m_last_error = (code != "" ? code : "http_" + IntegerToString(status));
      return(TBL_FAILED);
     }

   // The refusals of docs/licence-api.md: the robot stops and forgets its last good answer.
   bool              IsRefusal(const string code)
     {
      string refusals[8] = {"unknown_key", "not_activated", "revoked", "expired", "refunded", "no_free_slot", "wrong_robot", "demo_only"};
      for(int i = 0; i < ArraySize(refusals); i++)
         if(refusals[i] == code)
            return(true);
      return(false);
     }

   bool              IsTester(void)
     {
      return(MQLInfoInteger(MQL_TESTER) != 0 || MQLInfoInteger(MQL_OPTIMIZATION) != 0);
     }

   string            AccountLogin(void)
     {
      return(IntegerToString(AccountInfoInteger(ACCOUNT_LOGIN)));
     }

   string            AccountServer(void)
     {
      return(Clean(AccountInfoString(ACCOUNT_SERVER)));
     }

   // Contest accounts count as demo.
   string            AccountMode(void)
     {
      return(AccountInfoInteger(ACCOUNT_TRADE_MODE) == ACCOUNT_TRADE_MODE_REAL ? "real" : "demo");
     }

   string            Platform(void)
     {
#ifdef __MQL5__
      return("MT5");
#else
      return("MT4");
#endif
     }

   long              Now(void)
     {
      return((long)TimeGMT());
     }

   // Quotes and backslashes would break the request's JSON; no key, server or version has them.
   string            Clean(const string text)
     {
      string cleaned = text;
      StringReplace(cleaned, "\"", "");
      StringReplace(cleaned, "\\", "");
      return(cleaned);
     }

   // 32 hex characters from the clocks, a counter and a random number: fresh for every request.
   string            MakeNonce(void)
     {
      m_counter++;
      string seed =
         IntegerToString((long)GetMicrosecondCount()) +
         "-" +
         IntegerToString((long)TimeLocal()) +
         "-" +
         IntegerToString(MathRand()) +
         "-" +
         IntegerToString(m_counter) +
         "-" +
         AccountLogin();
      uchar data[], digest[];
      StringToCharArray(seed, data, 0, StringLen(seed));
      Sha256(data, digest);
      return(StringSubstr(Hex(digest), 0, 32));
     }

   string            BuildRequest(const string nonce)
     {
      return(
         "{\"license_key\":\"" +
         m_key +
         "\",\"robot_id\":\"" +
         m_robot_id +
         "\",\"account_login\":\"" +
         AccountLogin() +
         "\",\"account_server\":\"" +
         AccountServer() +
         "\",\"account_mode\":\"" +
         AccountMode() +
         "\",\"platform\":\"" +
         Platform() +
         "\",\"ea_version\":\"" +
         m_version +
         "\",\"nonce\":\"" +
         nonce +
         "\"}"
      );
     }

   int               Post(const string path, const string body, string &answer)
     {
      char data[], result[];
      string result_headers;
      StringToCharArray(body, data, 0, StringLen(body), CP_UTF8);
      ResetLastError();
      int status = WebRequest(
                      "POST",
                      m_url + "/" + path,
                      "Content-Type: application/json\r\n",
                      TBL_TIMEOUT_MS,
                      data,
                      result,
                      result_headers);
      if(status == -1)
        {
         int error = GetLastError();
         // 4014 (MQL5) and 4060 (MQL4): the terminal does not allow this address yet.
         if(error == 4014 || error == 4060)
            Print(
               "TradeBotLicense: allow " +
               m_url +
               " in Tools > Options > Expert Advisors > 'Allow WebRequest for listed URL', then restart the robot.");
         m_last_error = "webrequest_" + IntegerToString(error);
         answer = "";
         return(-1);
        }
      answer = CharArrayToString(result, 0, WHOLE_ARRAY, CP_UTF8);
      return(status);
     }

   // A 200 answer is good when its HMAC, version, robot, nonce, account and status are right.
   bool              VerifyAnswer(const string answer, const string nonce)
     {
      string payload = JsonString(answer, "payload");
      string hmac = JsonString(answer, "hmac");
      if(payload == "" || hmac == "")
        {
         m_last_error = "malformed_answer";
         return(false);
        }
      return(Accept(payload, hmac, nonce, Now()));
     }

   bool              Accept(const string payload, const string hmac, const string nonce, const long received_at)
     {
      string given = hmac;
      StringToLower(given);
      if(HmacSha256Hex(m_secret, payload) != given)
        {
         m_last_error = "bad_hmac";
         return(false);
        }
      string json = Base64UrlDecode(payload);
      if(JsonInteger(json, "v") != TBL_API_VERSION)
        {
         m_last_error = "bad_version";
         return(false);
        }
      if(JsonString(json, "robot_id") != m_robot_id)
        {
         m_last_error = "other_robot";
         return(false);
        }
      if(JsonString(json, "nonce") != nonce)
        {
         m_last_error = "wrong_nonce";
         return(false);
        }
      if(JsonString(json, "account_login") != AccountLogin() ||
         JsonString(json, "account_server") != AccountServer())
        {
         m_last_error = "other_account";
         return(false);
        }
      if(JsonString(json, "account_mode") != AccountMode())
        {
         m_last_error = "other_mode";
         return(false);
        }
      if(JsonString(json, "status") != "active")
        {
         m_last_error = "not_active";
         return(false);
        }
      m_payload = payload;
      m_hmac = hmac;
      m_nonce = nonce;
      m_received_at = received_at;
      m_clock_offset = JsonInteger(json, "server_time") - received_at;
      m_lease_until = JsonInteger(json, "lease_until");
      m_grace_until = JsonInteger(json, "grace_until");
      m_expires_at = JsonInteger(json, "expires_at");
      m_latest_version = JsonString(json, "latest_version");
      return(true);
     }

   // Within the lease, or within the grace when the shop cannot be reached; times on the shop's clock.
   bool              IsAllowed(const long now)
     {
      if(m_refused)
        {
         m_state = "refused";
         return(false);
        }
      if(m_payload == "")
        {
         m_state = "none";
         return(false);
        }
      if(now < m_received_at - TBL_CLOCK_TOLERANCE_SECONDS)
        {
         m_state = "clock_back";
         return(false);
        }
      long server_now = now + m_clock_offset;
      if(server_now <= m_lease_until)
        {
         m_state = "licensed";
         return(true);
        }
      if(server_now <= m_grace_until)
        {
         m_state = "grace";
         return(true);
        }
      m_state = "lapsed";
      return(false);
     }

   // The last good answer, for the grace period after a restart: payload, HMAC, nonce, arrival.
   void              SaveLastGood(void)
     {
      int file = FileOpen(m_file, FILE_WRITE | FILE_TXT | FILE_ANSI);
      if(file == INVALID_HANDLE)
         return;
      FileWriteString(file, m_payload + "\n" + m_hmac + "\n" + m_nonce + "\n" + IntegerToString(m_received_at) + "\n");
      FileClose(file);
     }

   // Reads the saved answer back and checks it again like a fresh one: an edited file counts for nothing.
   void              LoadLastGood(void)
     {
      if(!FileIsExist(m_file))
         return;
      int file = FileOpen(m_file, FILE_READ | FILE_TXT | FILE_ANSI);
      if(file == INVALID_HANDLE)
         return;
      string payload = FileReadString(file);
      string hmac = FileReadString(file);
      string nonce = FileReadString(file);
      long received_at = StringToInteger(FileReadString(file));
      FileClose(file);
      if(!Accept(payload, hmac, nonce, received_at))
         m_payload = "";
     }

   void              ForgetLastGood(void)
     {
      m_payload = "";
      FileDelete(m_file);
     }

   // HMAC (RFC 2104) built from SHA-256, as MQL must: it has SHA-256 but no HMAC.
   string            HmacSha256Hex(const string key, const string message)
     {
      uchar k[], m[], inner[], outer[], digest[];
      StringToCharArray(key, k, 0, StringLen(key));
      if(ArraySize(k) > 64)
        {
         Sha256(k, digest);
         ArrayResize(k, 32);
         ArrayCopy(k, digest, 0, 0, 32);
        }
      int length = StringLen(message);
      ArrayResize(inner, 64 + length);
      ArrayResize(outer, 64 + 32);
      for(int i = 0; i < 64; i++)
        {
         uchar b = (uchar)(i < ArraySize(k) ? k[i] : 0);
         inner[i] = (uchar)(b ^ 0x36);
         outer[i] = (uchar)(b ^ 0x5c);
        }
      StringToCharArray(message, m, 0, length);
      ArrayCopy(inner, m, 64, 0, length);
      Sha256(inner, digest);
      ArrayCopy(outer, digest, 64, 0, 32);
      Sha256(outer, digest);
      return(Hex(digest));
     }

   void              Sha256(const uchar &data[], uchar &digest[])
     {
      uchar none[];
      CryptEncode(CRYPT_HASH_SHA256, data, none, digest);
     }

   string            Hex(const uchar &bytes[])
     {
      string text = "";
      for(int i = 0; i < ArraySize(bytes); i++)
         text += StringFormat("%02x", bytes[i]);
      return(text);
     }

   // base64url to text: CryptDecode(CRYPT_BASE64) wants the standard alphabet and padding.
   string            Base64UrlDecode(const string text)
     {
      string b64 = text;
      StringReplace(b64, "-", "+");
      StringReplace(b64, "_", "/");
      while(StringLen(b64) % 4 != 0)
         b64 += "=";
      uchar data[], none[], decoded[];
      StringToCharArray(b64, data, 0, StringLen(b64));
      if(CryptDecode(CRYPT_BASE64, data, none, decoded) <= 0)
         return("");
      return(CharArrayToString(decoded, 0, WHOLE_ARRAY, CP_UTF8));
     }

   // The string value of "name":"...", or "" when absent or null. The payload's values never
   // hold quotes or backslashes (docs/licence-api.md), so the next quote ends the value.
   string            JsonString(const string json, const string name)
     {
      int at = StringFind(json, "\"" + name + "\":");
      if(at < 0)
         return("");
      int start = at + StringLen(name) + 3;
      while(start < StringLen(json) && StringGetCharacter(json, start) == ' ')
         start++;
      if(StringGetCharacter(json, start) != '\"')
         return("");
      int end = StringFind(json, "\"", start + 1);
      if(end < 0)
         return("");
      return(StringSubstr(json, start + 1, end - start - 1));
     }

   // The integer value of "name":123, or 0 when absent or null.
   long              JsonInteger(const string json, const string name)
     {
      int at = StringFind(json, "\"" + name + "\":");
      if(at < 0)
         return(0);
      int start = at + StringLen(name) + 3;
      while(start < StringLen(json) && StringGetCharacter(json, start) == ' ')
         start++;
      int end = start;
      while(end < StringLen(json) && StringFind("-0123456789", ShortToString(StringGetCharacter(json, end))) >= 0)
         end++;
      if(end == start)
         return(0);
      return(StringToInteger(StringSubstr(json, start, end - start)));
     }
  };
//+------------------------------------------------------------------+
