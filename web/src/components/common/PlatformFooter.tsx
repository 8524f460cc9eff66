import type { PlatformSettings } from '@freight/contracts';
import { useTranslation } from 'react-i18next';

/** Footer lines of the login layout: address, service phone, copyright, record numbers. */
export function PlatformFooter({ settings }: { settings: PlatformSettings | null }) {
  const { t } = useTranslation();
  if (!settings) return null;
  const year = new Date().getFullYear();
  const company = settings.footer_company_name?.trim();
  return (
    <footer className="platform-footer" data-testid="platform-footer">
      <div className="platform-footer-line">
        {settings.footer_address ? (
          <span>
            {t('footer.address')}：{settings.footer_address}
          </span>
        ) : null}
        {settings.footer_customer_service ? (
          <span>
            {t('footer.service')}：{settings.footer_customer_service}
          </span>
        ) : null}
      </div>
      <div className="platform-footer-line">
        {company ? (
          <span>
            Copyright © {year}{' '}
            {settings.footer_company_name_link ? (
              <a href={settings.footer_company_name_link} target="_blank" rel="noreferrer">
                {company}
              </a>
            ) : (
              company
            )}{' '}
            {t('footer.copyright')}
          </span>
        ) : null}
        {settings.footer_web_record_number ? (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
            {settings.footer_web_record_number}
          </a>
        ) : null}
        {settings.footer_ICP_number ? (
          <span>
            {t('footer.icp')}：{settings.footer_ICP_number}
          </span>
        ) : null}
      </div>
    </footer>
  );
}
