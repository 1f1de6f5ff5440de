/**
 * Error reports on the desk (docs/product.md#error-reports): the latest reports, newest first, with
 * when, what and where. The text was masked in the browser and again on the server; here it is
 * shown exactly as stored, as text (markup in it stays visible characters). A report dealt with, or
 * whose sender asks, can be deleted.
 */
import { ERROR_REPORTS_LIST_LIMIT } from '#shared/error-report-schemas';
import { FormMessage } from '../../../ui/form/FormMessage';
import { formatDateTime } from '../../../lib/date-format';
import { pageTitle, plural } from '../admin-format';
import { deleteErrorReport, fetchErrorReports, type ErrorReport } from '../api';
import { DeleteControl } from '../DeleteControl';
import { DeskLoadFailed, DeskLoading, RefreshBar } from '../DeskSection';
import { useAdminData } from '../use-admin-data';
import '../report-list.css';

export function ErrorReportsSection() {
  const reports = useAdminData(fetchErrorReports);

  if (reports.data === undefined) {
    return reports.error ? (
      <DeskLoadFailed message={reports.error} onRetry={reports.reload} />
    ) : (
      <DeskLoading label="Loading error reports…" />
    );
  }
  const list = reports.data;
  return (
    <div className="reports">
      <RefreshBar loading={reports.loading} onRefresh={reports.reload}>
        {list.length >= ERROR_REPORTS_LIST_LIMIT
          ? `The latest ${ERROR_REPORTS_LIST_LIMIT} reports.`
          : plural(list.length, 'report', 'reports') + '.'}
      </RefreshBar>
      {reports.error && <FormMessage tone="error">{reports.error}</FormMessage>}
      {list.length === 0 ? (
        <p className="desk-empty">No error reports. When a visitor sends one, it appears here.</p>
      ) : (
        <ol className="report-list">
          {list.map((report) => (
            <ReportItem
              key={report.id}
              report={report}
              onDelete={async () => {
                await deleteErrorReport(report.id);
                reports.setData(list.filter((shown) => shown.id !== report.id));
              }}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function ReportItem({ report, onDelete }: { report: ErrorReport; onDelete: () => Promise<void> }) {
  const title = report.page ? pageTitle(report.page) : null;
  return (
    <li className="report">
      <div className="report__head">
        <h3 className="report__name">{report.errorName}</h3>
        <time className="report__time" dateTime={report.createdAt}>
          {formatDateTime(report.createdAt)}
        </time>
      </div>
      <dl className="report__facts">
        <div className="report__fact">
          <dt>Page</dt>
          <dd>
            {report.page ? (
              <>
                {title && `${title} `}
                <code className="page-key">{report.page}</code>
              </>
            ) : (
              'Not given'
            )}
          </dd>
        </div>
        <div className="report__fact">
          <dt>Sent by</dt>
          <dd>{report.userId ? 'A logged-in visitor' : 'A visitor who was not logged in'}</dd>
        </div>
      </dl>
      <pre className="report__text">{report.error}</pre>
      <DeleteControl what={`the ${report.errorName} report`} onDelete={onDelete} />
    </li>
  );
}
