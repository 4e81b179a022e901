import { Badge, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE, apiRoutes } from '../../generated/api-paths';
import { apiPath } from '../../shared/api-path';

interface Release {
  version: string;
  latestRelease: string | null;
  updateAvailable: boolean;
}

/**
 * The self-hosted console's version badge (spec §2): the release the server runs, with a dot when the release feed
 * announces a newer one. Loaded apart from the first load; a failed read shows nothing.
 */
export const VersionBadge = () => {
  const { t } = useTranslation();
  const [release, setRelease] = useState<Release>();
  useEffect(() => {
    fetch(`${API_BASE}${apiPath(apiRoutes.discovery.actions.release)}`)
      .then((answer) => (answer.ok ? (answer.json() as Promise<Release>) : undefined))
      .then(setRelease, () => undefined);
  }, []);
  if (!release) return null;
  const badge = (
    <Badge dot={release.updateAvailable} offset={[-4, 4]}>
      <Tag bordered={false} className="gh-topbar-badge">
        {t('layout.version', { version: release.version })}
      </Tag>
    </Badge>
  );
  return release.updateAvailable ? (
    <Tooltip title={t('layout.update_available', { version: release.latestRelease })}>
      <span role="status">{badge}</span>
    </Tooltip>
  ) : (
    badge
  );
};
