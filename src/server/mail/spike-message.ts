import { escapeHtml } from './html-escape.js';
import type { Mail } from './mailer.js';
import type { SpikeFigures } from './traffic-spike.js';

/** The traffic-spike alert: how many visitors in the last hour against the usual for it. */
export function spikeMessage(
  propertyName: string,
  s: SpikeFigures,
  links: { dashboardUrl: string; unsubscribeUrl: string },
): Omit<Mail, 'to'> {
  const usual = Number.isInteger(s.usual) ? String(s.usual) : s.usual.toFixed(1);
  const line = `${s.visitors} visitors between ${s.window}, where ${usual} is usual for that hour (the median of the 4 weeks before).`;
  return {
    subject: `Traffic spike on ${propertyName}: ${s.visitors} visitors in the last hour`,
    text: [
      `Traffic spike on ${propertyName}`,
      '',
      line,
      '',
      `See who is there now: ${links.dashboardUrl}`,
      `Stop these emails: ${links.unsubscribeUrl}`,
      '',
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;padding:24px;">
<h1 style="font-size:20px;">Traffic spike on ${escapeHtml(propertyName)}</h1>
<p>${escapeHtml(line)}</p>
<p><a href="${escapeHtml(links.dashboardUrl)}" style="color:#2563eb;">See who is there now</a></p>
<p style="color:#6b7280;font-size:12px;"><a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#6b7280;">Stop these emails</a></p>
</body></html>`,
  };
}
