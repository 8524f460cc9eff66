// The demo's 分类字典: the goods a network-freight platform carries and how they are packed, two trees the
// screen opens on, added through the screen's own rule (codes A01, A01A01 … from the parent's).
import { and, eq } from 'drizzle-orm';
import { addCategory, ROOT_PID, sysCategory } from '../../modules/system/index.ts';
import type { Db } from '../../platform/db/client.ts';
import type { DemoSeeder } from './types.ts';

interface Node {
  name: string;
  children?: Node[];
}

const leaves = (...names: string[]): Node[] => names.map((name) => ({ name }));

export const DEMO_CATEGORIES: Node[] = [
  {
    name: '货物分类',
    children: [
      { name: '煤炭及制品', children: leaves('动力煤', '炼焦煤', '焦炭') },
      { name: '金属矿石及钢材', children: leaves('铁矿石', '螺纹钢', '热轧卷板') },
      { name: '矿建材料', children: leaves('砂石骨料', '水泥', '商品混凝土') },
      { name: '粮食', children: leaves('玉米', '小麦', '大豆') },
      { name: '化肥及农药' },
      { name: '快消品' },
    ],
  },
  { name: '包装方式', children: leaves('散装', '袋装', '托盘', '桶装', '集装箱') },
];

export const categoriesSeeder: DemoSeeder = {
  name: 'categories',
  async run(db: Db) {
    let added = 0;
    const plant = async (nodes: Node[], pid: string): Promise<void> => {
      for (const node of nodes) {
        // Safe to run again: a node already below its parent is kept, with whatever was added below it.
        const [existing] = await db
          .select({ id: sysCategory.id })
          .from(sysCategory)
          .where(and(eq(sysCategory.pid, pid), eq(sysCategory.name, node.name)));
        const id =
          existing?.id ??
          (await db.transaction((tx) => addCategory(tx, { name: node.name, pid, createBy: 'admin' }))).id;
        if (!existing) added++;
        if (node.children) await plant(node.children, id);
      }
    };
    await plant(DEMO_CATEGORIES, ROOT_PID);
    return { categories: added };
  },
};
