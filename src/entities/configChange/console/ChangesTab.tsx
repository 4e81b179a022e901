import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResourceAccess } from '../../../console/access/AccessContext';
import { ChangeDiff } from '../../../console/generic/history/ChangeDiff';
import { useRestore } from '../../../console/generic/history/use-restore';
import type { OverrideProps } from '../../../console/generic/override-types';
import { findEntry } from '../../../console/registry';
import { apiRoutes } from '../../../generated/api-paths';

type Version = Record<string, unknown> | null;

/**
 * One change of the tenant-wide history: its fields before and after, a link to the item where it still has a page,
 * and "Restore this version".
 */
export const ChangesTab = ({ resource, record, refetch }: OverrideProps) => {
  const { t } = useTranslation();
  const entity = String(record.entity);
  const target = findEntry(entity);
  const restore = useRestore(resource, apiRoutes.configChange.actions.restore, refetch);
  const { write } = useResourceAccess(resource);
  const itemPage = target?.pages.detail && !target.parent ? `/${target.route}/${String(record.itemId)}` : undefined;
  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text>
            {t('history.by', { actor: record.actor })}
            {itemPage && record.after ? (
              <>
                {' · '}
                <Link to={itemPage}>{t('history.open_item')}</Link>
              </>
            ) : null}
          </Typography.Text>
          {write ? <Button onClick={() => restore({ id: record.id, entity })}>{t('history.restore')}</Button> : null}
        </Flex>
        <ChangeDiff before={record.before as Version} after={record.after as Version} />
      </Flex>
    </Card>
  );
};
