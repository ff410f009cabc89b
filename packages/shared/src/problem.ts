import type { Language } from './messages.ts';

/** What every problem code carries: its HTTP status and the sentence a person reads. */
export interface ProblemEntry {
  status: number;
  ar: string;
  en: string;
}

/**
 * Every problem code of a problem+json answer (RFC 9457), one entry a code: its HTTP status and
 * its text in Arabic and English. The API writes the Arabic as `detail_ar`; the web app shows the
 * text of the code in the reader's language (apps/web/src/lib/problem-text.ts). A code always
 * means the same status and the same sentence everywhere.
 */
export const problems = {
  validation_failed: { status: 400, ar: 'بعض الحقول غير صالحة', en: 'Some fields are not valid' },
  bad_request: { status: 400, ar: 'الطلب غير صالح', en: 'The request is not valid' },
  invalid_json: {
    status: 400,
    ar: 'نص الطلب ليس JSON صالحاً',
    en: 'The request body is not valid JSON',
  },
  payload_too_deep: {
    status: 400,
    ar: 'البيانات متداخلة بعمق أو كبيرة أكثر من المسموح',
    en: 'The data is nested too deeply or holds too many values',
  },
  unsupported_media_type: {
    status: 415,
    ar: 'يجب إرسال نص الطلب بصيغة JSON',
    en: 'Send the request body as JSON',
  },
  payload_too_large: {
    status: 413,
    ar: 'حجم الطلب أكبر من المسموح',
    en: 'The request is too large',
  },
  uri_too_long: {
    status: 414,
    ar: 'عنوان الطلب أطول من المسموح',
    en: 'A path parameter is longer than 100 characters',
  },
  headers_too_large: {
    status: 431,
    ar: 'عنوان الطلب وترويساته أطول من المسموح',
    en: 'The URL and headers together exceed 16 KB',
  },
  request_timeout: {
    status: 408,
    ar: 'لم يصل الطلب في الوقت المحدد',
    en: 'The request was not received in time',
  },
  unsupported_file_type: {
    status: 415,
    ar: 'نوع الملف غير مدعوم',
    en: 'This file type is not supported',
  },
  unauthenticated: { status: 401, ar: 'سجّل الدخول للمتابعة', en: 'Sign in to continue' },
  invalid_credentials: {
    status: 401,
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    en: 'Invalid email or password',
  },
  session_expired: {
    status: 401,
    ar: 'انتهت الجلسة، سجّل الدخول مجدداً',
    en: 'The session has ended, sign in again',
  },
  forbidden: {
    status: 403,
    ar: 'صلاحياتك لا تسمح بهذا الإجراء',
    en: 'You are not allowed to do this',
  },
  account_unconfirmed: {
    status: 403,
    ar: 'أكّد حسابك بالرمز المرسل إليك',
    en: 'Confirm your account with the code sent to you',
  },
  not_found: { status: 404, ar: 'العنصر المطلوب غير موجود', en: 'Not found' },
  route_not_found: { status: 404, ar: 'هذا المسار غير موجود', en: 'There is no such path' },
  method_not_allowed: {
    status: 405,
    ar: 'هذه الطريقة غير مدعومة في هذا المسار',
    en: 'This method is not allowed on this path',
  },
  organization_exists: {
    status: 409,
    ar: 'توجد جهة مسجلة بهذا البريد الإلكتروني',
    en: 'An organisation with this email already exists',
  },
  email_taken: {
    status: 409,
    ar: 'البريد الإلكتروني مسجل مسبقاً',
    en: 'This email is already registered',
  },
  identity_unverified: {
    status: 403,
    ar: 'أثبت هويتك أولاً لترى الرموز الصادرة برقم هويتك',
    en: 'Prove your identity first to see the codes issued for your national id',
  },
  identity_mismatch: {
    status: 409,
    ar: 'رقم الهوية الذي أثبته مزوّد الهوية لا يطابق رقم الهوية المسجّل في حسابك',
    en: 'The national id proven at the identity provider does not match the one registered on your account',
  },
  identity_already_proven: {
    status: 409,
    ar: 'أُثبت رقم الهوية هذا في حساب آخر، فلا يمكن إثباته مرة أخرى. إن كان ذلك الحساب لك فادخل إليه، أو استعده من «نسيت كلمة المرور» ببريده أو جواله؛ وقد أبلغنا صاحبه بهذه المحاولة',
    en: 'This national id has already been proven on another account and cannot be proven again. If that account is yours, sign in to it, or recover it with "Forgot password" through its email or phone; its owner has been told of this attempt',
  },
  identity_proof_failed: {
    status: 400,
    ar: 'لم يكتمل إثبات الهوية، ابدأ من جديد',
    en: 'The identity proof did not complete, start again',
  },
  subject_locked: {
    status: 403,
    ar: 'أقفل الفرد رقم هويته هذا، فلا يُصدر له رمز ولا يُستخدم رمز صادر له حتى يفتح القفل',
    en: 'The individual has locked this national id: no code is issued for it and no code issued for it is used until they unlock it',
  },
  test_national_id_required: {
    status: 400,
    ar: 'المفتاح التجريبي لا يقبل إلا أرقام الهوية التجريبية (تبدأ بـ 1999999 أو 2999999)، فلا يُذكر فيه شخص حقيقي',
    en: 'A test key takes only the test national ids (starting 1999999 or 2999999), so that test mode never names a real person',
  },
  test_national_id_in_live: {
    status: 400,
    ar: 'رقم الهوية هذا تجريبي، ولا يُقبل إلا بمفتاح تجريبي',
    en: 'This national id is a test id: only a test key takes it',
  },
  identity_provider_unavailable: {
    status: 502,
    ar: 'تعذّر الوصول إلى مزوّد الهوية، حاول مرة أخرى لاحقاً',
    en: 'The identity provider cannot be reached, try again later',
  },
  invalid_code: {
    status: 400,
    ar: 'رمز التحقق غير صحيح',
    en: 'The verification code is incorrect',
  },
  two_factor_code_used: {
    status: 400,
    ar: 'استُخدم هذا الرمز من قبل. انتظر الرمز التالي في تطبيق المصادقة ثم أدخله',
    en: 'This code has already been used. Wait for the next code in your authenticator app, then enter it',
  },
  code_expired: {
    status: 410,
    ar: 'انتهت صلاحية رمز التحقق، اطلب رمزاً جديداً',
    en: 'The code has expired, ask for a new one',
  },
  reset_token_invalid: {
    status: 400,
    ar: 'رابط إعادة تعيين كلمة المرور غير صالح أو مستخدم أو منتهي الصلاحية',
    en: 'The reset link is invalid, used or expired',
  },
  current_password_invalid: {
    status: 400,
    ar: 'كلمة المرور الحالية غير صحيحة',
    en: 'The current password is incorrect',
  },
  two_factor_already_enabled: {
    status: 409,
    ar: 'التحقق بخطوتين مفعّل مسبقاً',
    en: 'Two-step verification is already on',
  },
  two_factor_not_enabled: {
    status: 409,
    ar: 'التحقق بخطوتين غير مفعّل',
    en: 'Two-step verification is not on',
  },
  already_member: {
    status: 409,
    ar: 'يوجد حساب مسجل بهذا البريد الإلكتروني',
    en: 'A user with this email already exists',
  },
  invitation_pending: {
    status: 409,
    ar: 'أُرسلت دعوة إلى هذا البريد الإلكتروني ولم تُقبل بعد. ألغِ الدعوة السابقة أولاً لإرسال دعوة جديدة.',
    en: 'An invitation to this email is still pending. Revoke it first to send a new one.',
  },
  last_owner: {
    status: 409,
    ar: 'لا يمكن إزالة آخر مالك للجهة أو تغيير دوره',
    en: 'An organisation keeps at least one owner',
  },
  invitation_invalid: {
    status: 404,
    ar: 'رابط الدعوة غير صالح أو مستخدم أو منتهي الصلاحية',
    en: 'This invitation link is invalid, used or expired',
  },
  overloaded: {
    status: 503,
    ar: 'الخدمة مشغولة الآن، أعد المحاولة بعد لحظات',
    en: 'The server is busy; retry after the time given in Retry-After',
  },
  not_ready: {
    status: 503,
    ar: 'هذا الخادم غير جاهز لاستقبال الطلبات الآن',
    en: 'This server process is not ready to take requests',
  },
  mail_unavailable: {
    status: 503,
    ar: 'تعذر إرسال الرسالة، حاول مرة أخرى',
    en: 'The email could not be sent, try again',
  },
  invitations_limited: {
    status: 429,
    ar: 'أرسلت جهتك دعوات كثيرة خلال الساعة الأخيرة، حاول مرة أخرى لاحقاً',
    en: 'Your organisation sent too many invitations in the last hour, try again later',
  },
  too_many_requests: {
    status: 429,
    ar: 'طلبات كثيرة، حاول مرة أخرى لاحقاً',
    en: 'Too many requests, try again later',
  },
  destination_limited: {
    status: 429,
    ar: 'أُرسل إلى هذا العنوان عدد كبير من الرسائل، حاول مرة أخرى لاحقاً',
    en: 'Too many messages were sent to this address, try again later',
  },
  account_locked: {
    status: 429,
    ar: 'محاولات فاشلة كثيرة، حاول مرة أخرى بعد 15 دقيقة',
    en: 'Too many failed attempts, try again in 15 minutes',
  },
  invalid_api_key: { status: 401, ar: 'مفتاح API غير صالح', en: 'Invalid API key or secret' },
  invalid_token: {
    status: 401,
    ar: 'رمز الوصول غير صالح أو منتهٍ أو ملغى؛ اطلب رمزاً جديداً',
    en: 'The access token is invalid, expired or revoked; request a new one',
  },
  key_inactive: { status: 401, ar: 'مفتاح API معطّل', en: 'This API key is disabled' },
  key_expired: { status: 401, ar: 'انتهت صلاحية مفتاح API', en: 'This API key has expired' },
  client_id_mismatch: {
    status: 401,
    ar: 'معرّف العميل لا يطابق بيانات الاعتماد',
    en: 'X-Client-Id does not match the credentials',
  },
  ip_not_allowed: {
    status: 403,
    ar: 'الطلبات من هذا العنوان غير مسموح بها',
    en: 'Requests from this address are not allowed',
  },
  country_not_allowed: {
    status: 403,
    ar: 'الطلبات من هذه الدولة غير مسموح بها',
    en: 'Requests from this country are not allowed',
  },
  insufficient_scope: {
    status: 403,
    ar: 'صلاحيات المفتاح لا تسمح بهذا الطلب',
    en: 'The key lacks the scope this call needs',
  },
  rate_limited: {
    status: 429,
    ar: 'تجاوزت حد الطلبات، أعد المحاولة بعد قليل',
    en: 'Rate limit exceeded, retry shortly',
  },
  invalid_audience: {
    status: 400,
    ar: 'الجهة المستفيدة غير معروفة',
    en: 'The audience is not a known organisation',
  },
  token_malformed: { status: 400, ar: 'صيغة الرمز غير صحيحة', en: 'The code is malformed' },
  token_not_found: { status: 404, ar: 'الرمز غير موجود', en: 'Code not found' },
  token_used: {
    status: 410,
    ar: 'تم استخدام هذا الرمز بالفعل',
    en: 'This code has already been used',
  },
  token_expired: { status: 410, ar: 'انتهت صلاحية هذا الرمز', en: 'This code has expired' },
  token_revoked: { status: 410, ar: 'تم إلغاء هذا الرمز', en: 'This code has been revoked' },
  destination_unconfirmed: {
    status: 409,
    ar: 'لم يؤكد صاحب هذا البريد رغبته في تلقي الإشعارات بعد، فلا يُرسل إليه شيء حتى يؤكد',
    en: 'The owner of this address has not confirmed it yet: nothing is sent to it until they do',
  },
  destination_confirmed: {
    status: 409,
    ar: 'هذا العنوان مؤكَّد بالفعل',
    en: 'This address is already confirmed',
  },
  destination_token_invalid: {
    status: 400,
    ar: 'رابط التأكيد غير صالح أو مستخدم أو منتهي الصلاحية',
    en: 'The confirmation link is invalid, used or expired',
  },
  verification_request_not_found: {
    status: 404,
    ar: 'طلب التحقق غير موجود',
    en: 'Verification request not found',
  },
  match_failed: {
    status: 403,
    ar: 'الرقم المختار لا يطابق الرقم الظاهر عند الجهة الطالبة',
    en: 'The number picked does not match the one the requester shows',
  },
  request_fulfilled: {
    status: 409,
    ar: 'أُجيب هذا الطلب من قبل',
    en: 'This request has already been answered',
  },
  request_expired: {
    status: 410,
    ar: 'انتهت صلاحية طلب التحقق',
    en: 'This verification request has expired',
  },
  request_cancelled: {
    status: 410,
    ar: 'أُلغي طلب التحقق',
    en: 'This verification request has been cancelled',
  },
  audience_mismatch: {
    status: 400,
    ar: 'الجهة المستفيدة ليست الجهة التي طلبت البيانات',
    en: 'The audience is not the organisation that made the request',
  },
  field_not_requested: {
    status: 400,
    ar: 'بعض الحقول المرسلة لم تُطلب',
    en: 'Some fields sent were not requested',
  },
  subject_mismatch: {
    status: 400,
    ar: 'الفرد الذي يخصه الرمز ليس الفرد المحدد في الطلب',
    en: 'The subject is not the person the request names',
  },
  delivery_pending: {
    status: 409,
    ar: 'هذا الإشعار قيد الإرسال بالفعل',
    en: 'This delivery is still pending',
  },
  document_verified: {
    status: 409,
    ar: 'تم التحقق من هذا المستند ولا يمكن استبداله',
    en: 'A verified document cannot be replaced',
  },
  document_unavailable: {
    status: 503,
    ar: 'ملف هذا المستند غير متاح الآن، حاول مرة أخرى لاحقاً',
    en: 'The file of this document is not available right now; try again later',
  },
  internal_error: {
    status: 500,
    ar: 'حدث خطأ غير متوقع، أعد المحاولة بعد قليل',
    en: 'An unexpected error occurred, try again shortly',
  },
} as const satisfies Record<string, ProblemEntry>;

export type ProblemCode = keyof typeof problems;

export function isProblemCode(value: string): value is ProblemCode {
  return Object.hasOwn(problems, value);
}

/** The text of a problem code; an unknown code reads as its status's general problem. */
export function problemText(code: string, language: Language = 'ar', status?: number): string {
  if (isProblemCode(code)) return problems[code][language];
  return problems[generalProblem(status)][language];
}

/** The code that stands for a status when an answer names no code we know. */
export function generalProblem(status = 500): ProblemCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 405) return 'method_not_allowed';
  if (status === 408) return 'request_timeout';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'too_many_requests';
  if (status === 431) return 'headers_too_large';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'internal_error';
}

export interface FieldError {
  /** Dotted path of the field, e.g. `adminDetails.email`. */
  path: string;
  /** Validation message key (see messages.ts); `invalidValue` when the schema has no own message. */
  code: string;
  /** English text of the message, for integrators reading the raw answer. */
  message: string;
}

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code: ProblemCode | (string & {});
  errors?: FieldError[];
  /** Arabic text a person may read: the code's (or the first invalid field's) sentence. */
  detail_ar?: string;
}
