/** Positions a member holds in a network (S1 §3 User.position). */
export const positions = ['owner', 'principal', 'administrator', 'worker'] as const;
export type Position = (typeof positions)[number];

export const positionLabels: Record<Position, string> = {
  owner: 'Владелец',
  principal: 'Управляющий',
  administrator: 'Администратор',
  worker: 'Мойщик',
};

/** System roles (S1 §1, §6): `admin` may open any station, `wizard` is confined to /wizard. */
export const systemRoles = ['user', 'admin', 'wizard', 'network_owner'] as const;
export type SystemRole = (typeof systemRoles)[number];

/** Positions allowed to change station settings and invite staff. */
export const managerPositions: readonly Position[] = ['owner', 'principal'];

/** Positions that see the station's money and key indicators (dashboard figures, /home figures). */
export const figuresPositions: readonly Position[] = ['owner', 'principal', 'administrator'];
