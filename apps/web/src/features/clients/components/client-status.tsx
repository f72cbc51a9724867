import { Tag } from 'antd';

/** «Скидка 10 %» and «Удалён» beside a client's name. */
export function ClientTags({ discount, deleted }: { discount: number; deleted: boolean }) {
  return (
    <>
      {discount > 0 && <Tag className="client-tag client-tag--discount">{`Скидка ${discount} %`}</Tag>}
      {deleted && <Tag className="client-tag client-tag--deleted">Удалён</Tag>}
    </>
  );
}
