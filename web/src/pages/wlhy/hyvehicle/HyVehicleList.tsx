// 车辆管理 (`/wlhy/hyvehicle/HyVehicleList`): vehicles with licence and road-transport certificates,
// review, and the transport state the shipping notes keep (idle / on a trip).
import { VERIFICATION_SUBJECT, vehicleResource } from '@freight/contracts';
import { pageOf, type ResourcePageDef } from '../../../components/resource';
import { ListWithBindings } from '../components/DriverVehicleBindings';
import { submitAction } from '../components/partyFields';
import { verificationProps } from '../components/verificationProps';

export const vehiclePage: ResourcePageDef = pageOf(vehicleResource, {
  review: true,
  ...verificationProps(vehicleResource.path, VERIFICATION_SUBJECT.vehicle),
  rowActions: [submitAction(vehicleResource.path, vehicleResource.permission)],
});

export default function HyVehicleList() {
  return <ListWithBindings def={vehiclePage} side="vehicle" />;
}
