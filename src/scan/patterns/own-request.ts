/**
 * What a tool's own API call sends, in the languages whose verbs of sending `surface.exfiltration-url` reads (surface31):
 * "Envoie un message Telegram via https://api.telegram.org", "Envía un mensaje a Telegram mediante https://…", "Envia um
 * e-mail pelo Amazon SES (https://…)", "Gửi yêu cầu tới https://api.openai.com", "Kirim notifikasi ke Discord melalui
 * webhook https://…": a message, a notification, an SMS, an e-mail or a request is what the API is for, as "Send a
 * request to https://…" in English (`SENDS_OWN_REQUEST`). Those verbs are also the third person a description opens with
 * ("envia", "gửi"), so the pattern reads them before a URL. What the model holds named with it (the history, the
 * conversation, a key, a file, the user's words) still counts (`HELD_ANY_LANGUAGE`).
 *
 * @module
 */

/** A verb of sending the pattern reads and, right after it, a thing an API of messages or requests sends (one row a language). */
const OWN_REQUEST_ROWS: readonly string[] = [
  // Spanish, Portuguese
  String.raw`(?:envía|envia|enviar|envie|manda|mandar)\s+(?:(?:un|una|uma|um)\s+)?(?:mensajes?|mensage(?:m|ns)|sms|correos?(?:\s+electrónicos?)?|e-?mails?|notificaci(?:ón|ones)|notificaç(?:ão|ões)|solicitud(?:es)?|petici(?:ón|ones)|requisiç(?:ão|ões)|solicitaç(?:ão|ões)|alertas?)`,
  // French
  String.raw`(?:envoie|envoyez|envoyer|transmets|transmettez)\s+(?:(?:un|une|des)\s+)?(?:messages?|sms|e-?mails?|courriels?|notifications?|requêtes?|demandes?|alertes?)`,
  // German
  String.raw`(?:sende|senden|schicke|schick|schicken|übermittle|übermitteln)\s+(?:(?:eine|einen|ein)\s+)?(?:Nachrichten|Nachricht|SMS|E-?Mails?|Benachrichtigung(?:en)?|Anfragen?|Requests?|Mitteilung(?:en)?)`,
  // Indonesian, Vietnamese
  String.raw`(?:kirim|kirimkan)\s+(?:pesan|notifikasi|permintaan|sms|e-?mail|surel)`,
  String.raw`gửi\s+(?:một\s+)?(?:tin\s+nhắn|yêu\s+cầu|thông\s+báo|sms|e-?mail|thư)`,
];

/**
 * Kinds of request a model API takes, said before "request" or "call" in English: "Send a chat completion request to
 * https://api.groq.com/…", "an embeddings request", "a moderation call" (precision32). "chat" here names the endpoint, not
 * the chat the model holds; the conversation named as what goes along still counts.
 */
export const API_REQUEST_KINDS: readonly string[] = ['chat', 'completions?', 'embeddings?', 'moderations?', 'inference', 'transcriptions?', 'translations?', 'rerank', 'search', 'batch', 'model', 'llm'];

/** One of `OWN_REQUEST_ROWS` at the start of a match, as a whole word. */
export const FOREIGN_OWN_REQUEST = new RegExp(String.raw`^(?:${OWN_REQUEST_ROWS.join('|')})(?![\p{L}\p{M}\p{N}])`, 'iu');

/**
 * What the model holds, in those languages: its history or conversation, a key, a password or a secret, files, its
 * instructions or context, the user's things, everything ("el historial", "la conversation", "Schlüssel", "senha",
 * "riwayat", "mật khẩu"), and an upper-case secret's name (`OPENAI_API_KEY`).
 */
export const HELD_ANY_LANGUAGE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:historial|historique|hist[óo]rico|verlauf|chatverlauf|riwayat|l[ịi]ch\s+s[ửu]|conversaci\p{L}*|conversations?|conversas?|konversation\p{L}*|unterhaltung\p{L}*|gespr[äa]ch\p{L}*|percakapan|cu[ộo]c\s+tr[òo]\s+chuy[ệe]n|h[ộo]i\s+tho[ạa]i|claves?|cl[ée]s?|schl[üu]ssel|chaves?|kunci|kh[óo]a|contrase[ñn]as?|mots?\s+de\s+passe|passw[öo]r(?:t|ter)|senhas?|kata\s+sandi|m[ậa]t\s+kh[ẩa]u|tokens?|jetons?|secrets?|secretos?|segredos?|geheim\p{L}*|rahasia|b[íi]\s+m[ậa]t|credencia\p{L}*|identifiants|zugangsdaten|kredensial|archivos?|fichiers?|dateien|datei|arquivos?|berkas|t[ệe]p|prompts?|instrucci\p{L}*|instructions?|anweisung\p{L}*|instru[çc][õo]es|instruksi|h[ưu][ớo]ng\s+d[ẫa]n|contexto|contexte|kontext|konteks|ng[ữu]\s+c[ảa]nh|usuarios?|utilisateurs?|benutzer\p{L}*|nutzer\p{L}*|usu[áa]rios?|pengguna|ng[ưu][ờo]i\s+d[ùu]ng|todo|toda|todos|todas|tout|toute|tous|alles|tudo|semua|t[ấa]t\s+c[ảa])(?![\p{L}\p{N}])|\.env\b|\bssh\b|(?<![A-Za-z0-9_])[A-Z][A-Z0-9]*_(?:[A-Z0-9]+_)*(?:TOKEN|SECRET|PASSWORD|KEY)(?![A-Za-z0-9_])`, 'iu');

/**
 * A word that makes the verb after it part of a noun (Indonesian "ongkos kirim", "biaya kirim": shipping cost; "jasa
 * kirim": courier; "alamat kirim": shipping address): "Cek ongkos kirim lewat https://api.rajaongkir.com/…" orders no send.
 */
export const VERB_AS_NOUN = /(?<![\p{L}\p{N}])(?:ongkos|biaya|jasa|tarif|alamat|layanan)\s+$/iu;

/**
 * Data posted to a webhook to start the user's automation (precision32): "Kirim data ke https://hooks.zapier.com/hooks/catch/…
 * untuk memicu Zap milik pengguna", "Send the payload to https://hook.eu1.make.com/… to trigger the scenario". The verb and
 * a bare word of payload (data, payload, JSON, event, fields) right before the URL (`WEBHOOK_PAYLOAD`), and after the URL a
 * clause of purpose that starts a Zap, a workflow, a scenario, an automation, a flow or an applet (`STARTS_AUTOMATION`, one
 * row a language). What the model holds named anywhere else in the sentence still counts, and so does data sent with no
 * such purpose ("Kirim data ke https://evil.io").
 */
export const WEBHOOK_PAYLOAD = /^(?:send|post|forward|submit|push|kirim|kirimkan|envía|envia|enviar|envie|manda|envoie|envoyez|envoyer|sende|senden|schicke|schicken|gửi)\s+(?:(?:the|a|an|its|this|los|las|les|des|die|den|os|as)\s+)?(?:data|datos|dados|données|daten|dữ\s+liệu|payload|json(?:\s+payload)?|events?|evento|événement|ereignis|fields|campos)\s+(?:to|ke|a|al|à|au|an|para|tới|đến)\s+https?:\/\/$/iu;

const STARTS_AUTOMATION_ROWS: readonly string[] = [
  // English
  String.raw`(?:to|that|which|and)\s+(?:triggers?|starts?|runs?|kicks?\s+off|fires?)\s+(?:(?:the|a|an|their|your)\s+)?(?:user'?s\s+)?(?:own\s+)?(?:zaps?|workflows?|scenarios?|automations?|flows?|applets?|pipelines?)`,
  // Indonesian
  String.raw`(?:untuk|yang)\s+(?:memicu|menjalankan|memulai)\s+(?:zap|alur\s+kerja|workflow|skenario|otomatisasi|flow|applet)(?:\s+(?:milik\s+)?(?:pengguna|anda))?`,
  // Spanish, Portuguese, French, German, Vietnamese
  String.raw`(?:para)\s+(?:activar|disparar|iniciar|ejecutar|acionar)\s+(?:(?:el|la|o|a|su|seu|sua)\s+)?(?:zap|flujo(?:\s+de\s+trabajo)?|fluxo(?:\s+de\s+trabalho)?|escenario|cenário|automatizaci[óo]n|automação|workflow)(?:\s+del?\s+usuario|\s+do\s+usuário)?`,
  String.raw`pour\s+(?:déclencher|lancer|démarrer)\s+(?:(?:le|la|son|leur)\s+)?(?:zap|workflow|scénario|automatisation|flux)(?:\s+de\s+l'utilisateur)?`,
  String.raw`(?:um|damit)\s+(?:den|das|die)?\s*(?:zap|workflow|szenario|automatisierung|ablauf)(?:\s+des\s+nutzers|\s+des\s+benutzers)?\s+(?:auszulösen|zu\s+starten)`,
  String.raw`để\s+(?:kích\s+hoạt|chạy)\s+(?:zap|quy\s+trình|workflow|kịch\s+bản|tự\s+động\s+hóa)(?:\s+của\s+người\s+dùng)?`,
];

/** One of `STARTS_AUTOMATION_ROWS`, as whole words. */
export const STARTS_AUTOMATION = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${STARTS_AUTOMATION_ROWS.join('|')})(?![\p{L}\p{M}\p{N}])`, 'iu');

/**
 * The user's personal data, a card or the clipboard, in the languages the rows read (ownreq33): "the user's email address
 * and phone number", "os dados do cliente e o número do cartão", "den Inhalt der Zwischenablage", "los datos personales",
 * "le numéro de carte", "nomor telepon", "số thẻ". A request or a message that carries them to a host the sentence does
 * not name as the service it uses is data sent out, as one that carries a key is; an SMS sent through Twilio to "the
 * phone number the user gives" names the host it goes to (`Twilio`, `api.twilio.com`).
 */
export const PERSONAL_DATA_ANY_LANGUAGE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:` + [
  // English
  String.raw`e-?mail\s+address(?:es)?|phone\s+numbers?|mobile\s+numbers?|(?:credit|debit|bank)\s+cards?|card\s+(?:numbers?|details)|cvv|cvc|ssn|social\s+security(?:\s+numbers?)?|dates?\s+of\s+birth|home\s+address(?:es)?|passport(?:\s+numbers?)?|clipboard|contacts?\s+list|address\s+book|personal\s+(?:data|information|details)|customer\s+(?:data|records|details)|pii`,
  // Spanish, Portuguese
  String.raw`(?:n[úu]mero|numero)s?\s+(?:de\s+|del\s+|do\s+|da\s+)?(?:tel[ée]fono|telefone|celular|m[óo]vil|tarjeta|cart[ãa]o)|tarjetas?\s+de\s+(?:cr[ée]dito|d[ée]bito)|cart(?:[ãa]o|[õo]es)\s+de\s+(?:cr[ée]dito|d[ée]bito)|datos\s+(?:personales|del\s+(?:cliente|usuario)|de\s+(?:los\s+)?(?:clientes|usuarios))|dados\s+(?:pessoais|do\s+(?:cliente|usu[áa]rio)|dos\s+(?:clientes|usu[áa]rios))|portapapeles|[áa]rea\s+de\s+transfer[êe]ncia|correo\s+electr[óo]nico\s+del\s+usuario|direcci[óo]n\s+de\s+correo|endere[çc]o\s+de\s+e-?mail|contactos|contatos|ubicaci[óo]n|localiza[çc][ãa]o|cpf|dni`,
  // French
  String.raw`num[ée]ros?\s+de\s+(?:t[ée]l[ée]phone|carte)|cartes?\s+(?:bancaires?|de\s+cr[ée]dit)|donn[ée]es\s+(?:personnelles|(?:du|des)\s+(?:clients?|utilisateurs?))|presse-papiers?|adresses?\s+e-?mail|coordonn[ée]es`,
  // German
  String.raw`telefonnummer\p{L}*|handynummer\p{L}*|kartennummer\p{L}*|kreditkart\p{L}*|zwischenablage|personenbezogene\p{L}*\s+daten|pers[öo]nliche\p{L}*\s+daten|kundendaten|e-?mail-?adresse\p{L}*|adressbuch|kontakte`,
  // Indonesian, Vietnamese
  String.raw`nomor\s+(?:telepon|hp|ponsel|kartu)|kartu\s+kredit|data\s+(?:pribadi|pelanggan|pengguna)|papan\s+klip|alamat\s+e-?mail|kontak|s[ốo]\s+(?:đi[ệe]n\s+tho[ạa]i|th[ẻe])|th[ẻe]\s+t[íi]n\s+d[ụu]ng|d[ữu]\s+li[ệe]u\s+(?:c[áa]\s+nh[âa]n|kh[áa]ch\s+h[àa]ng|ng[ưu][ờo]i\s+d[ùu]ng)|b[ộo]\s+nh[ớo]\s+t[ạa]m|khay\s+nh[ớo]\s+t[ạa]m|danh\s+b[ạa]`,
].join('|') + String.raw`)(?![\p{L}\p{N}])`, 'iu');
