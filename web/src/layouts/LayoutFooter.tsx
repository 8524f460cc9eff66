import { usePlatform } from '../stores/platform';

/** Footer of the main layout (hidden on /screen/ paths by the layout). */
export function LayoutFooter() {
  const s = usePlatform((st) => st.settings);
  const company = s?.footer_company_name?.trim();
  return (
    <footer className="layout-footer" data-testid="layout-footer">
      <span>
        Copyright © {new Date().getFullYear()}{' '}
        {company && s?.footer_company_name_link ? (
          <a href={s.footer_company_name_link} target="_blank" rel="noreferrer">
            {company}
          </a>
        ) : (
          company
        )}
      </span>
      {s?.footer_web_record_number ? (
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
          {s.footer_web_record_number}
        </a>
      ) : null}
    </footer>
  );
}
