// 车辆管理 (spec §2 `/wlhy/hyvehicle/HyVehicleList`): vehicles with licence and road-transport certificates,
// review, and the transport state the shipping notes keep (idle / on a trip).
import { vehicleResource } from '@freight/contracts';
import { pageOf, type ResourcePageDef } from '../../../components/resource';
import { ListWithBindings } from '../components/DriverVehicleBindings';
import { submitAction } from '../components/partyFields';

export const vehiclePage: ResourcePageDef = pageOf(vehicleResource, {
  review: true,
  rowActions: [submitAction(vehicleResource.path, vehicleResource.permission)],
});

export default function HyVehicleList() {
  return <ListWithBindings def={vehiclePage} side="vehicle" />;
}
