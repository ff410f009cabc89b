import {
  type EventSeverity,
  type EventType,
  type SecurityEventWebhook,
  securityEventTypeLabels,
  securitySeverityLabels,
  type VerificationRequestFulfilledWebhook,
} from '@tanqin/shared';
import { describeSecurityEvent } from '../../lib/event-description.ts';
import type { MailMessage } from '../../lib/mail/index.ts';

/** A security event as notifications tell it. */
export interface NotifiedEvent {
  id: string;
  event_type: EventType;
  event_severity: EventSeverity;
  event_description: string;
  client_ip: string | null;
  user_agent: string | null;
  request_path: string | null;
  request_method: string | null;
  additional_data: Record<string, unknown> | null;
  api_key_name: string | null;
  occurrences: number;
  created_at: Date;
  organization_id: string;
  organization_name: string;
  time_zone: string;
}

/** The Standard Webhooks payload: `{type, timestamp, data}` (securityEventWebhookSchema). */
export function webhookPayload(event: NotifiedEvent): string {
  const payload: SecurityEventWebhook = {
    type: `security.${event.event_type}`,
    timestamp: event.created_at.toISOString(),
    data: {
      id: event.id,
      event_type: event.event_type,
      event_severity: event.event_severity,
      event_description: event.event_description,
      descriptions: {
        ar: describeSecurityEvent(event, 'ar'),
        en: describeSecurityEvent(event, 'en'),
      },
      client_ip: event.client_ip,
      user_agent: event.user_agent,
      request_path: event.request_path,
      request_method: event.request_method,
      additional_data: event.additional_data,
      api_key_name: event.api_key_name,
      occurrences: event.occurrences,
      created_at: event.created_at.toISOString(),
      organization: { id: event.organization_id, name: event.organization_name },
    },
  };
  return JSON.stringify(payload);
}

/** A verification request of the organisation, answered by another one's code. */
export interface FulfilledRequest {
  request_id: string;
  token_id: string;
  fields: string[];
  purpose: string;
  fulfilled_at: Date;
  issuer_name: string | null;
  issuer_client_id: string | null;
}

/** `verification_request.fulfilled` (verificationRequestFulfilledWebhookSchema): never the code. */
export function requestWebhookPayload(request: FulfilledRequest): string {
  const fulfilledAt = new Date(request.fulfilled_at).toISOString();
  const payload: VerificationRequestFulfilledWebhook = {
    type: 'verification_request.fulfilled',
    timestamp: fulfilledAt,
    data: {
      request_id: request.request_id,
      status: 'fulfilled',
      token_id: request.token_id,
      fields: request.fields,
      purpose: request.purpose,
      fulfilled_at: fulfilledAt,
      issuer: { name: request.issuer_name ?? '', client_id: request.issuer_client_id ?? '' },
    },
  };
  return JSON.stringify(payload);
}

/** The email: Arabic first, then English; the time in the organisation's time zone. */
export function notificationEmail(to: string, event: NotifiedEvent): MailMessage {
  const type = securityEventTypeLabels[event.event_type];
  const severity = securitySeverityLabels[event.event_severity];
  const localTime = new Intl.DateTimeFormat('ar-SA', {
    dateStyle: 'long',
    timeStyle: 'medium',
    timeZone: event.time_zone,
    numberingSystem: 'latn',
  }).format(event.created_at);
  const request = [event.request_method, event.request_path].filter(Boolean).join(' ') || '-';
  const dash = (value: string | null) => value || '-';
  return {
    to,
    subject: `تنقين: حدث أمني (${severity.ar}) - ${type.ar} | Tanqin security event: ${type.en}`,
    text: [
      `حدث أمني جديد لجهة ${event.organization_name}`,
      `النوع: ${type.ar} (${event.event_type})`,
      `الخطورة: ${severity.ar}`,
      `الوصف: ${describeSecurityEvent(event, 'ar')}`,
      `عنوان IP: ${dash(event.client_ip)}`,
      `مفتاح API: ${dash(event.api_key_name)}`,
      `الطلب: ${request}`,
      `الوقت: ${localTime}`,
      '',
      `A new security event for ${event.organization_name}`,
      `Type: ${type.en} (${event.event_type})`,
      `Severity: ${severity.en}`,
      `Description: ${describeSecurityEvent(event, 'en')}`,
      `IP address: ${dash(event.client_ip)}`,
      `API key: ${dash(event.api_key_name)}`,
      `Request: ${request}`,
      `Time: ${event.created_at.toISOString()}`,
      `Event id: ${event.id}`,
      '',
      'وصلتك هذه الرسالة لأن أحد تفضيلات الإشعارات في جهتك يطابق هذا النوع من الأحداث.',
      'You receive this because a notification preference of your organisation matches this event type.',
    ].join('\n'),
  };
}

/** A test of a channel, sent on request from the dashboard: no event behind it. */
export interface TestNotification {
  id: string;
  organization_id: string;
  organization_name: string;
  sent_at: Date;
}

export function testWebhookPayload(test: TestNotification): string {
  return JSON.stringify({
    type: 'security.test',
    timestamp: test.sent_at.toISOString(),
    data: {
      id: test.id,
      message: 'A test notification from Tanqin: this webhook receives security events.',
      organization: { id: test.organization_id, name: test.organization_name },
    },
  });
}

export function testNotificationEmail(to: string, test: TestNotification): MailMessage {
  return {
    to,
    subject: 'تنقين: إشعار تجريبي | Tanqin test notification',
    text: [
      `هذا إشعار تجريبي طلبه أحد أعضاء ${test.organization_name} من مركز الأمان.`,
      'وصوله يعني أن هذا البريد سيتلقى إشعارات الأحداث الأمنية المختارة.',
      '',
      `A member of ${test.organization_name} sent this test from the security center.`,
      'Its arrival means this address will receive the chosen security events.',
      `Test id: ${test.id}`,
    ].join('\n'),
  };
}

/**
 * The one message a new email destination gets before it is confirmed (issue 32.4): who asked,
 * the link that confirms, and that ignoring it stops everything.
 */
export function destinationConfirmationEmail(
  to: string,
  request: { organization_name: string; link: string; hours: number },
): MailMessage {
  return {
    to,
    subject: 'تنقين: أكّد استلام التنبيهات الأمنية | Tanqin: confirm security alerts',
    text: [
      `طلبت جهة ${request.organization_name} إرسال تنبيهاتها الأمنية إلى هذا البريد.`,
      'لن يصلك منها شيء حتى تؤكد. للتأكيد افتح الرابط واضغط الزر:',
      request.link,
      `الرابط صالح ${request.hours} ساعة. إن لم تطلب ذلك فتجاهل هذه الرسالة، ولن تصلك رسالة أخرى.`,
      '',
      `${request.organization_name} asked to send its security alerts to this address.`,
      'Nothing more is sent until you confirm. To confirm, open the link and press the button:',
      request.link,
      `The link works for ${request.hours} hours. If you did not expect this, ignore it: nothing else will be sent.`,
    ].join('\n'),
  };
}
